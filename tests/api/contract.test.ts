import { describe, expect, it } from 'vitest';
import { CALLS } from '../../contract/all-calls.ts';
import { registry } from '../../server/calls/index.ts';

describe('contract and server', () => {
  it('every contract call has a handler, and every handler a contract call', () => {
    expect([...registry.keys()].sort()).toEqual([...CALLS.keys()].sort());
    for (const [name, { call }] of registry) expect(call).toBe(CALLS.get(name));
  });

  it('content calls are GET, the rest POST, as spec §7 says', () => {
    const gets = [...CALLS.values()].filter((c) => c.method === 'GET').map((c) => c.name).sort();
    expect(gets).toEqual(
      [
        'getAllInformation',
        'getBigPromotionBanner',
        'getFooterContent',
        'getHotKeyword',
        'getNavigationMenu',
        'getNewInSection',
        'getSmallPromotionBanner',
        'updateNowTrending',
        'updateTopSearch',
      ].sort(),
    );
  });
});
