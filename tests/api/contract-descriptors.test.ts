/**
 * The SPA's build of the contract (build/contract-descriptors.ts): the back office's error codes stay out of the
 * ErrorCode every customer's first load carries (issue 32); /admin adds them to the client's catalogue.
 */
import { describe, expect, it } from 'vitest';
import { contractDescriptors } from '../../build/contract-descriptors.ts';
import { BACK_OFFICE_CODES, ErrorCode } from '../../contract/errors.ts';

type Hook = { handler: (this: unknown, id: string) => Promise<string> };

async function clientModule(name: string): Promise<string> {
  const plugin = contractDescriptors() as unknown as { configResolved: (config: { root: string }) => Promise<void>; load: Hook };
  await plugin.configResolved({ root: process.cwd() });
  return plugin.load.handler.call({ addWatchFile: () => {} }, `\0contract/${name}.js`);
}

describe('the contract as the SPA is built with it', () => {
  it('ErrorCode holds every customer code and none of the back office’s; BACK_OFFICE_CODES lists those for /admin', async () => {
    const code = await clientModule('ErrorCode');
    const spaErrorCode = new Function(code.replace('export const ErrorCode =', 'return'))() as Record<string, string>;
    const backOffice = new Set<string>(BACK_OFFICE_CODES);
    expect(backOffice.size).toBeGreaterThan(10);
    expect(Object.values(spaErrorCode).filter((c) => backOffice.has(c))).toEqual([]);
    expect(Object.values(spaErrorCode).sort()).toEqual(Object.values(ErrorCode).filter((c) => !backOffice.has(c)).sort());
    expect(await clientModule('BACK_OFFICE_CODES')).toContain('StockBelowZero');
  });
});
