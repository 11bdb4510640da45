/**
 * Issue 11: sixteen sign-ups at once made a sign-in wait 3.7 s, its password check queued behind their
 * hashes on libuv's four threads. Sign-in checks now go first, and new hashes take one slot at most.
 */
import { describe, expect, it } from 'vitest';
import { createPasswords } from '../../server/services/passwords.ts';

/**
 * Costly enough (2^14, some ten ms a hash on a quiet machine) that the order in which work finishes is the order it
 * ran; the seventeen hashes run one after another, so on a busy machine they get the minutes they need.
 */
const COST = 14;
const BUSY_MACHINE_MS = 180_000;

describe('password hashing under a sign-up flood', () => {
  it('checks a sign-in’s password ahead of sixteen new hashes started before it', async () => {
    const passwords = createPasswords(COST);
    const stored = await passwords.hash('Oolong2026');
    const finished: string[] = [];
    const signUps = Array.from({ length: 16 }, (_, i) => passwords.hash(`Sign-up-${i}-2026`).then(() => finished.push(`sign-up ${i}`)));
    const signIn = passwords.verify('Oolong2026', stored).then((valid) => {
      finished.push('sign-in');
      return valid;
    });
    await Promise.all([...signUps, signIn]);
    expect(await signIn).toBe(true);
    // It waits for at most the one new hash already running (and, with two starting at once, the next).
    expect(finished.indexOf('sign-in')).toBeLessThanOrEqual(2);
  }, BUSY_MACHINE_MS);

  it('still answers every sign-up, in the order they came', async () => {
    const passwords = createPasswords(10);
    const finished: number[] = [];
    await Promise.all(Array.from({ length: 8 }, (_, i) => passwords.hash(`Sign-up-${i}-2026`).then(() => finished.push(i))));
    expect(finished).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('verifies right and wrong passwords, and an unknown account as wrong', async () => {
    const passwords = createPasswords(10);
    const stored = await passwords.hash('Oolong2026');
    expect(await passwords.verify('Oolong2026', stored)).toBe(true);
    expect(await passwords.verify('Oolong2027', stored)).toBe(false);
    expect(await passwords.verify('Oolong2026', undefined)).toBe(false);
  });
});
