/**
 * Spec §9: the taste card draft is kept sealed with the id cookie (src/app/encrypted-storage.ts):
 * what is stored does not read as the answers, opens only with the same cookie and under the same
 * name, and a value that does not open is dropped rather than misread.
 */
import { describe, expect, it } from 'vitest';
import { encryptedStorage } from '../../src/app/encrypted-storage.ts';
import { memoryStorage } from '../support/render-app.tsx';

const draft = { version: 1, answers: { notes: ['tn-jasmine'], title: 'Orchid and honey' } };

describe('encrypted storage', () => {
  it('writes a sealed value that opens with the same cookie id', async () => {
    const storage = memoryStorage();
    const sealed = encryptedStorage({ secret: '6f1c7d0e-3a0b-4c55-9c1e-2b8f4f7a9e10', purpose: 'taste-card-draft', storage });
    await sealed.write('draft', draft);
    const raw = storage.getItem('draft')!;
    expect(raw).not.toContain('Orchid');
    expect(raw).not.toContain('tn-jasmine');
    expect(await sealed.read('draft')).toEqual(draft);
    // A fresh IV per write: the same value never reads the same twice.
    await sealed.write('draft', draft);
    expect(storage.getItem('draft')).not.toBe(raw);
  });

  it('another cookie id, another purpose or another name cannot open it, and the value is dropped', async () => {
    const storage = memoryStorage();
    const mine = encryptedStorage({ secret: 'aaaaaaaa-1111', purpose: 'taste-card-draft', storage });
    await mine.write('draft', draft);
    const raw = storage.getItem('draft')!;

    expect(await encryptedStorage({ secret: 'bbbbbbbb-2222', purpose: 'taste-card-draft', storage }).read('draft')).toBeUndefined();
    expect(storage.getItem('draft')).toBeNull();

    storage.setItem('draft', raw);
    expect(await encryptedStorage({ secret: 'aaaaaaaa-1111', purpose: 'recent-searches', storage }).read('draft')).toBeUndefined();

    storage.setItem('moved', raw);
    expect(await mine.read('moved')).toBeUndefined();

    storage.setItem('plain', JSON.stringify(draft));
    expect(await mine.read('plain')).toBeUndefined();
    expect(storage.getItem('plain')).toBeNull();
  });
});
