import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

const post = (call: string, body: string) =>
  t.raw(`/api/${call}`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });

/** Bodies whose nesting a client chose: none may reach a recursive walk (it answered 500 with a stack trace). */
describe('deeply nested bodies', () => {
  it('answers 400 to 20,000 nested arrays', async () => {
    const depth = 20_000;
    const body = `{"Currency":"HKD","Keyword":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    const r = await post('SearchAndFilterProduct', body);
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ result: false, ErrorCode: 'InvalidParameter', message: 'Body is nested too deeply' });
  });

  it('answers 400 to deeply nested objects, at the top level too', async () => {
    const depth = 10_000; // 60 KB, under the test app's 64 KB limit
    const nested = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    for (const call of ['getProduct', 'user-login', 'SearchAndFilterProduct']) {
      const r = await post(call, nested);
      expect(r.status).toBe(400);
      expect(r.json?.ErrorCode).toBe('InvalidParameter');
    }
  });

  it('still refuses NUL characters at any depth, in keys too', async () => {
    const inValue = await post('SearchAndFilterProduct', JSON.stringify({ Currency: 'HKD', Filter: [{ x: ['a\u0000'] }] }));
    expect(inValue.json).toMatchObject({ ErrorCode: 'InvalidParameter', message: 'Text must not contain NUL characters' });
    const inKey = await post('SearchAndFilterProduct', JSON.stringify({ Currency: 'HKD', ['k\u0000']: 1 }));
    expect(inKey.json).toMatchObject({ ErrorCode: 'InvalidParameter', message: 'Text must not contain NUL characters' });
  });

  it('takes bodies nested as deep as a real call needs', async () => {
    const r = await post('SearchAndFilterProduct', JSON.stringify({ Currency: 'HKD', Keyword: 'oolong', Range: { Price: { Min: 0 } } }));
    expect(r.status).toBe(200);
  });
});
