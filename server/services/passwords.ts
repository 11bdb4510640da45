import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** DESIGN §7: scrypt with N=2^17, r=8, p=1. Tests pass a cheaper cost. */
export const PRODUCTION_SCRYPT_COST = 17;

/**
 * scrypt runs on libuv's four pool threads, on two cores, beside file and DNS work: left alone, sixteen
 * sign-ups at once queued a sign-in's check behind them (3.7 s). At most this many hashes run at once, and
 * new hashes (sign-ups, password changes) take one slot at most, so a sign-in always finds a free one
 * unless other sign-ins hold them.
 */
const HASHES_AT_ONCE = 2;
const NEW_HASHES_AT_ONCE = 1;

/** A key derivation as node:crypto's scrypt does it; tests pass one whose work they start and finish. */
export type DeriveKey = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) => Promise<Buffer>;

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export interface Passwords {
  /** A new hash (sign-up, password change): waits behind sign-ins. */
  hash(password: string): Promise<string>;
  /**
   * Checks a password against a stored hash, ahead of new hashes. Without one (no such account) it still
   * spends the same work, against a hash of its own, and answers false: sign-in time does not reveal accounts.
   */
  verify(password: string, stored: string | undefined): Promise<boolean>;
}

/** Runs hashing work in the slots above: checks first, then new hashes, each in arrival order. */
function createHashingGate() {
  const waiting = { check: [] as Array<() => void>, create: [] as Array<() => void> };
  const running = { check: 0, create: 0 };
  // Counted when a slot is given, not when the waiter resumes, so two releases cannot hand out one slot twice.
  const startNext = () => {
    while (running.check + running.create < HASHES_AT_ONCE) {
      const kind = waiting.check.length > 0 ? 'check' : waiting.create.length > 0 && running.create < NEW_HASHES_AT_ONCE ? 'create' : undefined;
      if (!kind) return;
      running[kind] += 1;
      waiting[kind].shift()!();
    }
  };
  return async function run<T>(kind: 'check' | 'create', work: () => Promise<T>): Promise<T> {
    await new Promise<void>((resolve) => {
      waiting[kind].push(resolve);
      startNext();
    });
    try {
      return await work();
    } finally {
      running[kind] -= 1;
      startNext();
    }
  };
}

/** Hashes as `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>` (base64url), so the cost can rise later. */
export function createPasswords(logN = PRODUCTION_SCRYPT_COST, derive: DeriveKey = scrypt): Passwords {
  const gate = createHashingGate();
  const options = (log: number, r: number, p: number): ScryptOptions => ({
    N: 2 ** log,
    r,
    p,
    maxmem: 2 * 128 * 2 ** log * r + 1024 * 1024,
  });
  async function newHash(password: string) {
    const salt = randomBytes(16);
    const key = await derive(password.normalize('NFKC'), salt, 32, options(logN, 8, 1));
    return ['scrypt', logN, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
  }
  let standIn: Promise<string> | undefined;
  return {
    hash: (password) => gate('create', () => newHash(password)),
    async verify(password, storedOrNone) {
      standIn ??= newHash(randomBytes(16).toString('base64url'));
      const stored = storedOrNone ?? (await standIn);
      const [scheme, log, r, p, salt, digest] = stored.split('$');
      if (scheme !== 'scrypt' || !salt || !digest) return false;
      const expected = Buffer.from(digest, 'base64url');
      const key = await gate('check', () =>
        derive(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), expected.length, options(Number(log), Number(r), Number(p))),
      );
      return timingSafeEqual(key, expected) && storedOrNone !== undefined;
    },
  };
}
