import { ErrorCode, type CallBodyInput, type CallDef, type CallResponse, type ErrorEnvelope } from '../../contract/index.ts';

/** A failed call, as a code of the contract's catalogue: the UI turns codes into words (error-messages.ts). */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    /** The server's message, kept for the error popup's "Reason". */
    readonly serverMessage: string,
    readonly status: number,
    /** Further fields of the error answer (a challenge session, days remaining, password problems…). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(`${code}: ${serverMessage}`);
  }
}

const CATALOGUE = new Set<string>(Object.values(ErrorCode));

/**
 * Adds codes the first load's catalogue leaves out: the back office's (contract BACK_OFFICE_CODES), which /admin's
 * chunk adds when it loads, so that a customer's first load carries none of them.
 */
export function knowCodes(codes: readonly ErrorCode[]) {
  for (const code of codes) CATALOGUE.add(code);
}

/**
 * An answer's ErrorCode as the catalogue's type. The server sends only catalogue codes; one it does
 * not know (a server newer than this page) reads as UnknownError, so every code the SPA compares is checked.
 */
export const catalogueCode = (code: string): ErrorCode => (CATALOGUE.has(code) ? (code as ErrorCode) : ErrorCode.UnknownError);

export interface ApiClientOptions {
  fetch?: typeof fetch;
  baseUrl?: string;
}

/** How member calls get their tokens, and what happens on a 401 (the session decides). */
export interface ApiAuth {
  tokens(): { idToken: string; accessToken: string } | undefined;
  /**
   * Called on a 401 for a call sent with `staleIdToken`: resolves true once fresh tokens are in place
   * (one refresh for all callers), false when the session has ended.
   */
  refreshed(staleIdToken: string): Promise<boolean>;
}

export interface CallInit {
  signal?: AbortSignal;
  /** A public call that answers members differently (searchProduct keeps their recent searches): send the bearer when signed in. */
  withSession?: boolean;
}

export interface ApiClient {
  call<C extends CallDef>(def: C, body?: CallBodyInput<C>, init?: CallInit): Promise<CallResponse<C>>;
  /** Requests under way that show the global loader (calls marked noLoader do not count). */
  pendingCount(): number;
  subscribePending(listener: () => void): () => void;
  /** Binds the session once it exists (the session's own actors use this client). */
  setAuth(auth: ApiAuth): void;
  /**
   * Opens a member's stream (server-sent events, read with fetch so that the bearer token goes in its header):
   * refreshed once on a 401, as calls are. The caller reads the body and aborts through `signal`.
   */
  stream(path: string, signal: AbortSignal): Promise<Response>;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const baseUrl = options.baseUrl ?? '';
  let pending = 0;
  let auth: ApiAuth | undefined;
  const listeners = new Set<() => void>();
  const setPending = (delta: number) => {
    pending += delta;
    for (const l of listeners) l();
  };

  async function request(def: CallDef, body: unknown, init?: CallInit): Promise<{ response: Response; idToken?: string }> {
    const signal = init?.signal;
    const headers: Record<string, string> = {};
    // Member and role (staff) calls both need the member's token; the server checks the role.
    const signedIn = def.auth !== 'public';
    const tokens = signedIn || init?.withSession ? auth?.tokens() : undefined;
    if (tokens) headers.authorization = `Bearer ${tokens.idToken}`;
    if (signedIn) {
      // Spec §6: calls needing login fail locally without a token.
      if (!tokens) throw new ApiError(ErrorCode.Unauthorized, 'Unauthorized', 401);
      // Account calls carry the access token in the body too; always the current one, also on a retry.
      if ('entries' in def.body && 'accessToken' in (def.body as { entries: object }).entries) {
        body = { ...(body as object), accessToken: tokens.accessToken };
      }
    }
    if (def.method === 'GET') {
      const query = new URLSearchParams(
        Object.entries((body ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
      ).toString();
      const response = await doFetch(`${baseUrl}/api/${def.name}${query ? `?${query}` : ''}`, { signal, headers });
      return { response, idToken: tokens?.idToken };
    }
    const response = await doFetch(`${baseUrl}/api/${def.name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body ?? {}),
      signal,
    });
    return { response, idToken: tokens?.idToken };
  }

  return {
    async call(def, body, init) {
      const counted = !def.noLoader;
      if (counted) setPending(1);
      try {
        let { response, idToken } = await request(def, body, init);
        // Spec §4: on 401 refresh once and retry; if the refresh fails the session ends.
        if (response.status === 401 && idToken && auth && (await auth.refreshed(idToken))) {
          ({ response } = await request(def, body, init));
        }
        const data = (await response.json().catch(() => undefined)) as
          | ({ result?: unknown; ErrorCode?: unknown } & Partial<Omit<ErrorEnvelope, 'result' | 'ErrorCode'>>)
          | undefined;
        // Spec §7: a response is read for its result flag; anything else is an error.
        if (data?.result === true) return data as CallResponse<typeof def>;
        if (data && typeof data.ErrorCode === 'string') {
          const { result: _r, ErrorCode: code, message, ...details } = data;
          throw new ApiError(catalogueCode(code), message ?? '', response.status, details);
        }
        if (response.status === 401) throw new ApiError(ErrorCode.Unauthorized, 'Unauthorized', 401);
        throw new ApiError(ErrorCode.UnknownError, 'Unknown error', response.status);
      } finally {
        if (counted) setPending(-1);
      }
    },
    async stream(path, signal) {
      const open = (tokens = auth?.tokens()) =>
        doFetch(`${baseUrl}${path}`, { signal, headers: { accept: 'text/event-stream', ...(tokens ? { authorization: `Bearer ${tokens.idToken}` } : {}) } });
      const idToken = auth?.tokens()?.idToken;
      const response = await open();
      if (response.status === 401 && idToken && auth && (await auth.refreshed(idToken))) return open();
      return response;
    },
    pendingCount: () => pending,
    setAuth(next) {
      auth = next;
    },
    subscribePending(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
