import { i18n } from '@lingui/core';
import { afterAll, describe, expect, it } from 'vitest';
import { activateLocale } from '../../src/i18n/i18n.ts';

// Production chunks hand over their messages as they are evaluated (build/first-load-messages.ts).
describe('a chunk’s messages', () => {
  afterAll(() => activateLocale('en'));

  it('join the active catalogue without a change (which re-rendered the whole page), and a locale activated later has them', async () => {
    await activateLocale('en');
    let changes = 0;
    const off = i18n.on('change', () => changes++);
    globalThis.__sgMessages!({ en: { 'chunk-test-id': 'From a chunk' }, 'zh-Hant': { 'chunk-test-id': '來自分塊' } });
    off();
    expect(changes).toBe(0);
    expect(i18n._('chunk-test-id')).toBe('From a chunk');

    await activateLocale('zh-Hant');
    expect(i18n._('chunk-test-id')).toBe('來自分塊');
    await activateLocale('en');
    expect(i18n._('chunk-test-id')).toBe('From a chunk');
  });
});
