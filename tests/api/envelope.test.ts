import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineCall } from '../../contract/index.ts';
import { implement } from '../../server/calls/handler.ts';
import { registry } from '../../server/calls/index.ts';
import { demoMember } from '../../server/db/seed/member-data.ts';
import { startSession } from '../../server/services/sessions.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** A member call used only here: the auth gate is exercised before any account call exists. */
const whoAmI = defineCall({
  name: 'test-who-am-i',
  method: 'POST',
  auth: 'member',
  body: v.object({}),
  response: v.object({ userId: v.string() }),
});
const testRegistry = new Map([
  ...registry,
  ...implement({ whoAmI }, { whoAmI: async ({ userId }) => ({ userId: userId! }) }),
]);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ registry: testRegistry, maxBodyBytes: 4096 });
});
afterAll(() => t.close());

const post = (call: string, body: string, headers: Record<string, string> = {}) =>
  t.raw(`/api/${call}`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });

describe('the API envelope', () => {
  it('answers an unknown call with a 404 envelope', async () => {
    const r = await post('noSuchCall', '{}');
    expect(r.status).toBe(404);
    expect(r.json).toMatchObject({ result: false, ErrorCode: 'NotFound' });
    const deep = await t.raw('/api/a/b/c');
    expect(deep.status).toBe(404);
    expect(deep.json).toMatchObject({ result: false, ErrorCode: 'NotFound' });
  });

  it('refuses the wrong method', async () => {
    const r = await t.raw('/api/getProduct');
    expect(r.status).toBe(404);
    expect(r.json?.ErrorCode).toBe('NotFound');
  });

  it('names a missing field', async () => {
    const r = await post('getProduct', JSON.stringify({ Currency: 'HKD' }));
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ result: false, ErrorCode: 'MissingParameter', field: 'ProductID' });
  });

  it('names a field of the wrong type or value', async () => {
    const wrongType = await post('getProduct', JSON.stringify({ Currency: 'HKD', ProductID: 42 }));
    expect(wrongType.status).toBe(400);
    expect(wrongType.json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'ProductID' });
    const wrongCurrency = await post('getProduct', JSON.stringify({ Currency: 'EUR', ProductID: 'tea-tieguanyin' }));
    expect(wrongCurrency.json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'Currency' });
    const nested = await post('SearchAndFilterProduct', JSON.stringify({ Currency: 'HKD', Range: { Price: { Min: -1 } } }));
    expect(nested.json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'Range.Price.Min' });
    const paging = await post('SearchAndFilterProduct', JSON.stringify({ Currency: 'HKD', Size: 1000 }));
    expect(paging.json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'Size' });
  });

  it('refuses a body that is not JSON, or not an object', async () => {
    const broken = await post('getProduct', '{"Currency":');
    expect(broken.status).toBe(400);
    expect(broken.json).toMatchObject({ result: false, ErrorCode: 'InvalidParameter' });
    const array = await post('getProduct', '[1,2]');
    expect(array.status).toBe(400);
    expect(array.json?.ErrorCode).toBe('InvalidParameter');
    const nul = await post('getProduct', 'null');
    expect(nul.status).toBe(400);
  });

  it('refuses an oversized body with 413 and an envelope', async () => {
    // Streamed without a length: read up to the limit.
    const r = await post('SearchAndFilterProduct', JSON.stringify({ Currency: 'HKD', Keyword: 'x'.repeat(10_000) }));
    expect(r.status).toBe(413);
    expect(r.json).toMatchObject({ result: false, ErrorCode: 'InvalidParameter' });
    // A declared length over the limit, or one that is not a number, is refused before reading.
    const small = JSON.stringify({ Currency: 'HKD', ProductID: 'tea-tieguanyin' });
    for (const length of ['99999999', 'lots']) {
      const declared = await post('getProduct', small, { 'content-length': length });
      expect(declared.status, length).toBe(413);
    }
    const fine = await post('getProduct', small, { 'content-length': String(Buffer.byteLength(small)) });
    expect(fine.status).toBe(200);
  });

  it('never answers 500 or a stack trace for hostile input', async () => {
    const bodies = [
      '{"Currency":"HKD","ProductID":"\' or 1=1 --"}',
      '{"Currency":"HKD","Keyword":"\\u0000"}',
      '{"Currency":"HKD","Filter":{"Attribute":["origin:x\' or \'1\'=\'1"]}}',
      '{"__proto__":{"polluted":true},"Currency":"HKD","ProductID":"tea-tieguanyin"}',
      '{"Currency":"HKD","From":1e309}',
      '"just a string"',
    ];
    for (const body of bodies) {
      for (const call of ['getProduct', 'SearchAndFilterProduct', 'getProductDetail', 'getFilter']) {
        const r = await post(call, body);
        expect(r.status, `${call} ${body}`).toBeLessThan(500);
        expect(r.text).not.toMatch(/at .*\.ts:\d+/);
      }
    }
  });

  it('answers a member call without a valid bearer id token with 401 Unauthorized', async () => {
    const none = await post('test-who-am-i', '{}');
    expect(none.status).toBe(401);
    expect(none.json).toMatchObject({ result: false, ErrorCode: 'Unauthorized', message: 'Unauthorized' });
    const forged = await post('test-who-am-i', '{}', { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.x' });
    expect(forged.status).toBe(401);
    const { idToken, userID } = await startSession(t.deps, demoMember.id);
    const ok = await post('test-who-am-i', '{}', { authorization: `Bearer ${idToken}` });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ result: true, userId: userID });
    const unknownSession = await t.deps.tokens.signIdToken({ userId: demoMember.id, sessionId: 'no-such-session' });
    expect((await post('test-who-am-i', '{}', { authorization: `Bearer ${unknownSession}` })).status).toBe(401);
  });

  it('refuses an expired id token', async () => {
    let now = Date.parse('2026-11-01T00:00:00Z');
    const clocked = await createTestApp({ registry: testRegistry, clock: { now: () => new Date(now) } });
    try {
      const { idToken: token } = await startSession(clocked.deps, demoMember.id);
      const fresh = await clocked.raw('/api/test-who-am-i', { method: 'POST', body: '{}', headers: { authorization: `Bearer ${token}` } });
      expect(fresh.status).toBe(200);
      now += 601_000;
      const stale = await clocked.raw('/api/test-who-am-i', { method: 'POST', body: '{}', headers: { authorization: `Bearer ${token}` } });
      expect(stale.status).toBe(401);
    } finally {
      await clocked.close();
    }
  });
});
