/**
 * Issue 11: sixteen sign-ups at once made a sign-in wait 3.7 s, its password check queued behind their
 * hashes on libuv's four threads. Sign-in checks now go first, and new hashes take one slot at most.
 * (What a sign-in waits on a real machine is the bench's to time, not this test's.)
 */
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { createPasswords, type DeriveKey } from '../../server/services/passwords.ts';

/**
 * A key derivation the test runs by hand: each call is listed as running until the test finishes it, by its
 * password. Which work the gate starts is then a fact, not a race: timing the real scrypt on a busy machine let
 * two sign-ups finish before a sign-in that had started first (a CI failure).
 */
function derivationsByHand() {
  const running = new Map<string, () => void>();
  const derive: DeriveKey = (password, salt, keylen) =>
    new Promise((resolve) => {
      // A stand-in for the key: the same password and salt give the same bytes, so a check can match a hash.
      running.set(password, () => resolve(createHash('sha256').update(password).update(salt).digest().subarray(0, keylen)));
    });
  return {
    derive,
    /** The passwords being derived now, in the order they started (the stand-in's random one left out). */
    running: () => [...running.keys()].filter((password) => /^(Sign-up|Oolong)/.test(password)),
    async finish(password: string) {
      const done = running.get(password);
      if (!done) throw new Error(`${password} is not being derived`);
      running.delete(password);
      done();
      await settled();
    },
  };
}

/** The gate's promise callbacks and timers have run: what it starts next has started. */
const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('password hashing under a sign-up flood', () => {
  it('checks a sign-in’s password ahead of sixteen new hashes started before it', async () => {
    const hand = derivationsByHand();
    const passwords = createPasswords(10, hand.derive);
    const storing = passwords.hash('Oolong2026');
    await settled();
    await hand.finish('Oolong2026');
    const stored = await storing;

    const finished: string[] = [];
    const signUps = Array.from({ length: 16 }, (_, i) => passwords.hash(`Sign-up-${i}-2026`).then(() => finished.push(`sign-up ${i}`)));
    const signIn = passwords.verify('Oolong2026', stored).then((valid) => finished.push(`sign-in ${valid}`));
    const another = passwords.verify('Oolong2027', stored).then((valid) => finished.push(`another sign-in ${valid}`));
    await settled();
    // One new hash at a time: the first sign-up's, and the sign-in's check beside it, not fifteen sign-ups.
    expect(hand.running()).toEqual(['Sign-up-0-2026', 'Oolong2026']);
    await hand.finish('Sign-up-0-2026');
    // The freed slot goes to the second sign-in, waiting behind fifteen sign-ups that came before it.
    expect(hand.running()).toEqual(['Oolong2026', 'Oolong2027']);
    await hand.finish('Oolong2026');
    await hand.finish('Oolong2027');
    expect(finished).toEqual(['sign-up 0', 'sign-in true', 'another sign-in false']);
    // Then the sign-ups, one after another, in the order they came.
    for (let i = 1; i < 16; i++) {
      expect(hand.running()).toEqual([`Sign-up-${i}-2026`]);
      await hand.finish(`Sign-up-${i}-2026`);
    }
    await Promise.all([...signUps, signIn, another]);
    expect(finished.slice(3)).toEqual(Array.from({ length: 15 }, (_, i) => `sign-up ${i + 1}`));
  });

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
