/**
 * Spec §9: the anonymous id cookie. It lives 180 days and tells a visitor's searches apart: sent
 * as CookieID in search bodies, and the key the visitor's recent searches are kept under. Only the
 * search screens import this (lazily), so the first visit does not carry it.
 */
export const COOKIE_ID_NAME = 'sg_cid';
export const COOKIE_ID_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

/** Where the cookie lives: `document` in the browser. */
export interface CookieJar {
  cookie: string;
}

// What the shop itself writes is a UUID; anything else found under the name is replaced.
const STORED_ID = new RegExp(`(?:^|;\\s*)${COOKIE_ID_NAME}=([0-9a-f-]{8,64})(?:;|$)`, 'i');
const known = new WeakMap<CookieJar, string>();

/**
 * The id in the jar, or a new random one written to it: read or created once per app start
 * (per jar), then remembered.
 */
export function cookieId(
  jar: CookieJar = document,
  options: { secure?: boolean; newId?: () => string } = {},
): string {
  const remembered = known.get(jar);
  if (remembered) return remembered;
  let id = STORED_ID.exec(jar.cookie)?.[1];
  if (!id) {
    id = (options.newId ?? (() => crypto.randomUUID()))();
    const secure = options.secure ?? (typeof location !== 'undefined' && location.protocol === 'https:');
    jar.cookie = `${COOKIE_ID_NAME}=${id}; Max-Age=${COOKIE_ID_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  }
  known.set(jar, id);
  return id;
}
