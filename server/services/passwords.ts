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
  verify(password: string, stored: string): Promise<boolean>;
}

/** Hashes as `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>` (base64url), so the cost can rise later. */
export function createPasswords(logN = PRODUCTION_SCRYPT_COST): Passwords {
  const options = (log: number, r: number, p: number): ScryptOptions => ({
    N: 2 ** log,
    r,
    p,
    maxmem: 2 * 128 * 2 ** log * r + 1024 * 1024,
  });
  return {
    async hash(password) {
      const salt = randomBytes(16);
      const key = await scrypt(password.normalize('NFKC'), salt, 32, options(logN, 8, 1));
      return ['scrypt', logN, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
    },
    async verify(password, stored) {
      const [scheme, log, r, p, salt, hash] = stored.split('$');
      if (scheme !== 'scrypt' || !salt || !hash) return false;
      const expected = Buffer.from(hash, 'base64url');
      const key = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), expected.length, options(Number(log), Number(r), Number(p)));
      return timingSafeEqual(key, expected);
    },
  };
}
