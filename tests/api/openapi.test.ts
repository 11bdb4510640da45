/**
 * GET /api/openapi.json (issue 32): one machine-readable description of the whole API, made from the contract's
 * schemas. It must be valid OpenAPI 3.1 and describe exactly the calls the server answers, each with what it
 * takes, answers and needs to be made.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pkg from '../../package.json' with { type: 'json' };
import { registry } from '../../server/calls/index.ts';
import { buildOpenApi, securityFor, type OpenApiDocument } from '../../server/http/openapi.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let doc: OpenApiDocument;
let etag: string;

type Schema = { type?: string; properties?: Record<string, Schema>; required?: string[]; $ref?: string };
type Operation = {
  operationId: string;
  security: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: string; required: boolean }>;
  requestBody?: { required: boolean; content: { 'application/json': { schema: Schema } } };
  responses: Record<string, { $ref?: string; content?: { 'application/json': { schema: Schema } } }>;
};

const operationOf = (name: string, method = 'post') => doc.paths[`/api/${name}`]?.[method] as Operation;
const bodyOf = (name: string) => operationOf(name).requestBody!.content['application/json'].schema;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const response = await t.app.request('/api/openapi.json');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/json');
  etag = response.headers.get('etag') ?? '';
  doc = (await response.json()) as OpenApiDocument;
});

afterAll(() => t?.close());

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document, named and versioned as the shop', async () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toMatchObject({ title: 'Sip & Gather API', version: pkg.version });
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    const checked = await new Validator().validate(doc as unknown as Record<string, unknown>);
    expect(checked.errors).toBeUndefined();
    expect(checked.valid).toBe(true);
  });

  it('is built once per app and cacheable: an ETag, 304 when the client holds it', async () => {
    expect(etag).toMatch(/^(W\/)?"/);
    const again = await t.app.request('/api/openapi.json', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    // Not a call: other methods and neighbouring names are still the calls router's 404.
    expect((await t.raw('/api/openapi.json', { method: 'POST' })).status).toBe(404);
    expect((await t.raw('/api/openapi.jsonx')).status).toBe(404);
  });

  it('describes exactly the served calls, each at /api/<name> with its method and operationId', () => {
    const described = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => `${method.toUpperCase()} ${path} ${(op as Operation).operationId}`),
    );
    const served = [...registry.values()].map(({ call }) => `${call.method} /api/${call.name} ${call.name}`);
    expect(described.sort()).toEqual(served.sort());
    expect(described.length).toBeGreaterThan(150);
  });

  it("names each call's security from its auth: none for public, the bearer token with the role otherwise", () => {
    for (const { call } of registry.values()) {
      const op = operationOf(call.name, call.method.toLowerCase());
      const expected = call.auth === 'public' ? [] : [{ bearer: [call.auth] }];
      expect(op.security, call.name).toEqual(expected);
      expect(op.responses['401'], call.name).toEqual(call.auth === 'public' ? undefined : { $ref: '#/components/responses/Unauthorized' });
    }
    expect(securityFor('public')).toEqual([]);
    expect(securityFor('member')).toEqual([{ bearer: ['member'] }]);
    expect(securityFor('host')).toEqual([{ bearer: ['host'] }]);
    expect(securityFor('owner')).toEqual([{ bearer: ['owner'] }]);
  });

  it("gives a body's fields as the contract names them, the required ones required", () => {
    const payment = bodyOf('create-gathering-payment');
    expect(Object.keys(payment.properties!)).toEqual(expect.arrayContaining(['GatheringID', 'PaymentMethod', 'CouponID']));
    expect(payment.required).toEqual(expect.arrayContaining(['GatheringID', 'PaymentMethod']));
    expect(payment.required).not.toContain('CouponID');
    expect(operationOf('create-gathering-payment').requestBody!.required).toBe(true);

    const login = bodyOf('user-login');
    expect(login.properties).toHaveProperty('email');
    expect(login.properties).toHaveProperty('password');
    expect(login.required).toEqual(expect.arrayContaining(['email', 'password']));
  });

  it('gives a GET call its query as parameters, and no body', () => {
    const newIn = operationOf('getNewInSection', 'get');
    expect(newIn.requestBody).toBeUndefined();
    expect(newIn.parameters).toEqual([expect.objectContaining({ name: 'Currency', in: 'query', required: true })]);
    expect(operationOf('getNavigationMenu', 'get').parameters).toBeUndefined();
  });

  it('answers as the server does: { result: true, ...data } on 200, the error envelope on 400', () => {
    const ok = operationOf('user-login').responses['200']!.content!['application/json'].schema;
    expect(ok.properties!.result).toEqual({ const: true });
    expect(ok.required).toContain('result');
    expect(operationOf('user-login').responses['400']).toEqual({ $ref: '#/components/responses/Refused' });
    const envelope = doc.components.schemas.ErrorEnvelope as Schema;
    expect(Object.keys(envelope.properties!)).toEqual(['result', 'ErrorCode', 'message', 'field']);
    expect(envelope.required).toEqual(['result', 'ErrorCode', 'message']);
  });

  it('leaves out only what JSON Schema cannot say, and says so on the operation', () => {
    const { leftOut } = buildOpenApi(registry);
    for (const [name, notes] of leftOut) {
      expect(notes.length, name).toBeGreaterThan(0);
      const call = registry.get(name)!.call;
      expect((operationOf(name, call.method.toLowerCase()) as Operation & { description?: string }).description).toContain(notes[0]);
    }
  });

  it("agrees with the server on what a public call's body requires: an empty body is refused naming a required field", async () => {
    const publicPosts = [...registry.values()]
      .map(({ call }) => call)
      .filter((call) => call.auth === 'public' && call.method === 'POST' && (bodyOf(call.name).required ?? []).length > 0);
    expect(publicPosts.length).toBeGreaterThan(5);
    for (const call of publicPosts) {
      const { status, json } = await t.raw(`/api/${call.name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(status, call.name).toBe(400);
      expect(json?.ErrorCode, call.name).toBe('MissingParameter');
      expect(bodyOf(call.name).required, call.name).toContain(json?.field);
    }
  });
});
