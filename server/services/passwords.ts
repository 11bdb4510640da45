import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** DESIGN §7: scrypt with N=2^17, r=8, p=1. Tests pass a cheaper cost. */
export const PRODUCTION_SCRYPT_COST = 17;

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export interface Passwords {
  hash(password: string): Promise<string>;
  /**
   * Checks a password against a stored hash. Without one (no such account) it still spends the
   * same work, against a hash of its own, and answers false: sign-in time does not reveal accounts.
   */
  verify(password: string, stored: string | undefined): Promise<boolean>;
}

/** Hashes as `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>` (base64url), so the cost can rise later. */
export function createPasswords(logN = PRODUCTION_SCRYPT_COST): Passwords {
  const options = (log: number, r: number, p: number): ScryptOptions => ({
    N: 2 ** log,
    r,
    p,
    maxmem: 2 * 128 * 2 ** log * r + 1024 * 1024,
  });
  async function hash(password: string) {
    const salt = randomBytes(16);
    const key = await scrypt(password.normalize('NFKC'), salt, 32, options(logN, 8, 1));
    return ['scrypt', logN, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
  }
  let standIn: Promise<string> | undefined;
  return {
    hash,
    async verify(password, storedOrNone) {
      standIn ??= hash(randomBytes(16).toString('base64url'));
      const stored = storedOrNone ?? (await standIn);
      const [scheme, log, r, p, salt, digest] = stored.split('$');
      if (scheme !== 'scrypt' || !salt || !digest) return false;
      const expected = Buffer.from(digest, 'base64url');
      const key = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), expected.length, options(Number(log), Number(r), Number(p)));
      return timingSafeEqual(key, expected) && storedOrNone !== undefined;
    },
  };
}
