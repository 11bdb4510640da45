import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { CALLS } from '../../contract/all-calls.ts';
import { ErrorCode, getProduct, setStaffRole, userGetInfo } from '../../contract/index.ts';
import type { CallContext } from '../../server/calls/handler.ts';
import { registry } from '../../server/calls/index.ts';
import { ApiError } from '../../server/http/errors.ts';
import { CALLS_DIR, GENERATED_FILE, renderCallGroups } from '../../scripts/generate-calls.ts';

describe('contract and server', () => {
  it('every contract call has a handler, and every handler a contract call', () => {
    expect([...registry.keys()].sort()).toEqual([...CALLS.keys()].sort());
    for (const [name, { call }] of registry) expect(call).toBe(CALLS.get(name));
  });

  it('server/calls/index.ts, generated, lists every call module of server/calls (npm run typecheck regenerates it)', () => {
    expect(readFileSync(path.join(CALLS_DIR, GENERATED_FILE), 'utf8')).toBe(renderCallGroups());
  });

  it('a new call group is found by adding its module, with no list to edit', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sg-calls-'));
    try {
      writeFileSync(path.join(dir, 'handler.ts'), 'export function implement() {}\n');
      writeFileSync(path.join(dir, 'tastings.ts'), "export const tastingHandlers = implement(contract, {});\n");
      writeFileSync(path.join(dir, 'helpers.ts'), 'export const notAGroup = 1;\n');
      const text = renderCallGroups(dir);
      expect(text).toContain("import { tastingHandlers } from './tastings.ts';");
      expect(text).toContain('  tastingHandlers,\n]);');
      expect(text).not.toContain('notAGroup');
      expect(text).not.toContain('implement }');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('content calls are GET, the rest POST, as spec §7 says', () => {
    const gets = [...CALLS.values()].filter((c) => c.method === 'GET').map((c) => c.name).sort();
    expect(gets).toEqual(
      [
        'getAllInformation',
        'getBigPromotionBanner',
        'getFooterContent',
        'getHotKeyword',
        'getInspirationTitle',
        'getNavigationMenu',
        'getNewInSection',
        'getNewsletterSubscription',
        'getSmallPromotionBanner',
        'getSurveyLanding',
        'updateNowTrending',
        'updateTopSearch',
      ].sort(),
    );
  });

  it('a member call\'s handler is given its member\'s id, a public call\'s none (checked by the compiler)', () => {
    expectTypeOf<CallContext<typeof userGetInfo>['userId']>().toEqualTypeOf<string>();
    expectTypeOf<CallContext<typeof getProduct>['userId']>().toEqualTypeOf<undefined>();
    // A role call (issue 32) is made by a signed-in member too.
    expectTypeOf<CallContext<typeof setStaffRole>['userId']>().toEqualTypeOf<string>();
  });

  it('the server answers only the contract\'s error codes (checked by the compiler)', () => {
    expect(new ApiError(400, ErrorCode.OutOfStock, 'Out of stock').toEnvelope().ErrorCode).toBe('OutOfStock');
    // @ts-expect-error a code outside contract/errors.ts does not compile
    expect(new ApiError(400, 'SomethingElse', 'x').code).toBe('SomethingElse');
  });
});
