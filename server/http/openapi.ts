/**
 * GET /api/openapi.json (issue 32): one machine-readable description of the whole API, OpenAPI 3.1, made from
 * the contract's valibot schemas by valibot's own converter (@valibot/to-json-schema). It describes the calls
 * the API router serves (the same registry), so it cannot drift from them: each call is /api/<name>, its
 * body (or, for a GET call, its query), its answer as the dispatcher sends it ({ result: true, ...data }),
 * the error envelope (http/errors.ts) and the bearer id token it needs. Built once per app, on first asking.
 *
 * What JSON Schema cannot say (a custom check, a check across fields) is left out of the schema rather than
 * fail the document: the operation's description names it, and the schema stays looser than the server.
 */
import { Hono } from 'hono';
import { toJsonSchema, type ConversionConfig, type JsonSchema } from '@valibot/to-json-schema';
import type { GenericSchema } from 'valibot';
import pkg from '../../package.json' with { type: 'json' };
import type { CallDef } from '../../contract/define.ts';
import { ErrorCode } from '../../contract/errors.ts';
import type { Registered } from '../calls/handler.ts';
import type { AppEnv } from './api.ts';
import { precompress, sendVariant, type Variants } from './compression.ts';

export const OPENAPI_PATH = '/api/openapi.json';

/**
 * Pipe actions that only tidy what a call accepts (trim, lower-case …): a schema without them accepts the same
 * bodies, so leaving them out loses nothing worth naming.
 */
const NORMALIZING_ACTIONS = ['trim', 'trim_start', 'trim_end', 'to_lower_case', 'to_upper_case', 'normalize'];

type Json = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Json>>;
  components: { schemas: Record<string, JsonSchema>; responses: Record<string, Json>; securitySchemes: Record<string, Json> };
}

export interface BuiltOpenApi {
  document: OpenApiDocument;
  /** Per call, what of its schemas the converter could not express (and left out), e.g. "body: check". */
  leftOut: ReadonlyMap<string, readonly string[]>;
}

/**
 * Who a call's `auth` asks for, as an OpenAPI security requirement: nothing for a public call, else the
 * bearer id token of that role ('member', or a staff role such as 'host'), named as its scope.
 */
export function securityFor(auth: string): Array<Record<string, string[]>> {
  return auth === 'public' ? [] : [{ bearer: [auth] }];
}

/** The OpenAPI document of the calls `registry` serves. */
export function buildOpenApi(registry: ReadonlyMap<string, Registered>, version: string = pkg.version): BuiltOpenApi {
  const paths: OpenApiDocument['paths'] = {};
  const schemas: Record<string, JsonSchema> = { ErrorEnvelope: ERROR_ENVELOPE };
  const leftOut = new Map<string, string[]>();
  for (const [name, { call }] of [...registry].sort(([a], [b]) => a.localeCompare(b))) {
    const notes: string[] = [];
    const body = convert(call.body, 'input', (note) => notes.push(`body: ${note}`));
    const response = convert(call.response, 'output', (note) => notes.push(`response: ${note}`));
    hoistDefinitions(name, body, schemas);
    hoistDefinitions(name, response, schemas);
    const unique = [...new Set(notes)];
    if (unique.length) leftOut.set(name, unique);
    paths[`/api/${name}`] = { [call.method.toLowerCase()]: operation(call, body, response, unique) };
  }
  const document: OpenApiDocument = {
    openapi: '3.1.1',
    info: {
      title: 'Sip & Gather API',
      version,
      description:
        'Every call of the shop: POST /api/<name> with a JSON body, or GET with its query. An answer is ' +
        '{ result: true, ... }; a refusal is the error envelope { result: false, ErrorCode, message, field? }.',
    },
    paths,
    components: {
      schemas,
      responses: {
        Refused: { description: 'Refused: the error envelope (MissingParameter / InvalidParameter name the field).', content: jsonContent(ref('ErrorEnvelope')) },
        Unauthorized: { description: 'No valid bearer id token (ErrorCode Unauthorized): refresh it and ask again.', content: jsonContent(ref('ErrorEnvelope')) },
        Forbidden: { description: 'Signed in, but without the role the call needs.', content: jsonContent(ref('ErrorEnvelope')) },
      },
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            "The id token the shop issued at sign-in. A requirement's scope names what the call needs: 'member' (any " +
            'signed-in member) or a staff role, which the roles above it hold too (owner, then staff, then host).',
        },
      },
    },
  };
  return { document, leftOut };
}

function operation(call: CallDef, body: JsonSchema, response: JsonSchema, notes: readonly string[]): Json {
  const op: Json = { operationId: call.name, security: securityFor(call.auth) };
  if (notes.length) op.description = `Not expressed in the schemas below (the server still checks them): ${notes.join('; ')}.`;
  if (call.method === 'GET') {
    const required = new Set(body.required ?? []);
    const parameters = Object.entries(body.properties ?? {}).map(([name, schema]) => ({ name, in: 'query', required: required.has(name), schema }));
    if (parameters.length) op.parameters = parameters;
  } else {
    op.requestBody = { required: (body.required?.length ?? 0) > 0, content: jsonContent(body) };
  }
  op.responses = {
    '200': { description: 'The answer.', content: jsonContent(answered(response)) },
    '400': { $ref: '#/components/responses/Refused' },
    ...(call.auth === 'public' ? {} : { '401': { $ref: '#/components/responses/Unauthorized' } }),
    ...(call.auth === 'public' || call.auth === 'member' ? {} : { '403': { $ref: '#/components/responses/Forbidden' } }),
  };
  return op;
}

/**
 * A schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect): what a client sends for a body (the input side of
 * its pipes), what the server answers for a response. What cannot be expressed is reported and left out.
 */
function convert(schema: GenericSchema, typeMode: 'input' | 'output', report: (note: string) => void): JsonSchema {
  const config: ConversionConfig = {
    target: 'draft-2020-12',
    typeMode,
    errorMode: 'ignore',
    ignoreActions: NORMALIZING_ACTIONS,
    overrideAction: ({ valibotAction, errors }) => {
      if (errors) report(valibotAction.type);
      return undefined;
    },
    overrideSchema: ({ valibotSchema, errors }) => {
      if (errors) report(`${valibotSchema.type} schema`);
      return undefined;
    },
  };
  const { $schema: _dialect, ...converted } = toJsonSchema(schema, config);
  return converted;
}

/** The dispatcher answers `{ result: true, ...data }`. */
function answered(response: JsonSchema): JsonSchema {
  const result: JsonSchema = { const: true };
  const plainObject = response.type === 'object' && !response.allOf && !response.anyOf && !response.oneOf && !response.$ref;
  if (plainObject) {
    return { ...response, properties: { result, ...response.properties }, required: ['result', ...(response.required ?? [])] };
  }
  return { allOf: [{ type: 'object', properties: { result }, required: ['result'] }, response] };
}

/**
 * A recursive schema comes with its own $defs and `#/$defs/…` references, which in an OpenAPI document would
 * point at the document's root: they move to components.schemas, under the call's name.
 */
function hoistDefinitions(call: string, schema: JsonSchema, schemas: Record<string, JsonSchema>) {
  const defs = schema.$defs;
  if (!defs) return;
  delete schema.$defs;
  const renamed = (key: string) => `${call}.${key}`.replace(/[^A-Za-z0-9._-]/g, '_');
  const rewrite = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(rewrite);
    else if (node && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      if (typeof record.$ref === 'string' && record.$ref.startsWith('#/$defs/')) {
        record.$ref = `#/components/schemas/${renamed(record.$ref.slice('#/$defs/'.length))}`;
      }
      Object.values(record).forEach(rewrite);
    }
  };
  for (const [key, def] of Object.entries(defs)) {
    if (typeof def === 'object') rewrite(def);
    schemas[renamed(key)] = def as JsonSchema;
  }
  rewrite(schema);
}

const ref = (schema: string): JsonSchema => ({ $ref: `#/components/schemas/${schema}` });
const jsonContent = (schema: JsonSchema) => ({ 'application/json': { schema } });

/** The error envelope of DESIGN §4 (http/errors.ts): some codes carry more fields (e.g. the days left). */
const ERROR_ENVELOPE: JsonSchema = {
  type: 'object',
  properties: {
    result: { const: false },
    ErrorCode: { type: 'string', enum: [...new Set(Object.values(ErrorCode))] },
    message: { type: 'string' },
    field: { type: 'string', description: 'The body field a MissingParameter / InvalidParameter is about, as a dot path.' },
  },
  required: ['result', 'ErrorCode', 'message'],
};

/** GET /api/openapi.json; mounted before the calls' router, which takes every other path under /api. */
export function openApiRoutes(registry: ReadonlyMap<string, Registered>) {
  const routes = new Hono<AppEnv>();
  let variants: Variants | undefined;
  routes.get(OPENAPI_PATH, (c) => {
    variants ??= precompress(JSON.stringify(buildOpenApi(registry).document));
    return sendVariant(c, variants, { contentType: 'application/json', cacheControl: 'no-cache' });
  });
  return routes;
}
