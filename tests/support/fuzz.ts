/**
 * API fuzzing from the contract (issue 25), shared by tests/integration/server/security/fuzz.test.ts (fixed
 * seeds, a few cases per operation) and bench/fuzz.ts (many more). No maintained generator supports zod 4,
 * so this one walks the JSON Schema zod itself derives (`z.toJSONSchema`, the same schemas the OpenAPI
 * document shows) with fast-check: valid params, queries and bodies, and mutated ones (wrong types, missing
 * and extra fields, `__proto__` and `constructor` keys, huge strings, odd Unicode, boundary numbers,
 * NaN-ish strings, broken JSON), sent in-process with `app.inject`, without a token and with a super
 * admin's. Each answer is checked: no 5xx, the envelope declared for its status, no stack trace, SQL text
 * or file path, no polluted prototype, and a token endpoint refuses a caller without a token before it
 * reads any input.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ENDPOINTS,
  gatewayEnvelope,
  gatewayErrorEnvelope,
  organizationEnvelope,
  organizationErrorEnvelope,
  type Endpoint,
} from '../../shared/api';
import { SERVER_TEXTS } from '../../server/http/errors';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

/** An operation to fuzz: a contract endpoint, or a download route (its answer a file, not an envelope). */
export interface FuzzOperation {
  name: string;
  method: string;
  path: string;
  endpoint?: Endpoint;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  public: boolean;
  tenant?: 'path' | 'header';
  stream?: boolean;
}

export const contractOperations = (): FuzzOperation[] =>
  Object.entries(ENDPOINTS as Record<string, Endpoint>).map(([name, endpoint]) => ({
    name,
    method: endpoint.method,
    path: endpoint.path,
    endpoint,
    params: endpoint.params,
    query: endpoint.query,
    body: endpoint.body,
    public: endpoint.auth === 'public',
    tenant: endpoint.tenant,
    stream: endpoint.stream === 'sse',
  }));

/** The download routes take one `:id` (server/http/download.ts). */
export const downloadOperation = (path: string): FuzzOperation => ({
  name: `download ${path}`,
  method: 'GET',
  path,
  params: z.object({ id: z.string().min(1).max(64) }),
  public: false,
});

const jsonSchemaOf = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

// ---------------------------------------------------------------------------------------------------------
// Hostile values

const HUGE = 'x'.repeat(200_000);
const HOSTILE_STRINGS = [
  '',
  ' ',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-0',
  '0x10',
  '1_000',
  '١٢٣',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  "' OR 1=1 --",
  '"; drop table users; --',
  '$(reboot)',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%00',
  '\u0000',
  '\uD800',
  '\uFFFF',
  '\u202Eevil',
  'e\u0301\u0301\u0301',
  'Ω≈ç√∫',
  '🧸'.repeat(64),
  '𝕏𝕐',
  '<script>alert(1)</script>',
  '2026-02-30',
  '9999-12-31T23:59:59Z',
  '0000-00-00',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  HUGE,
];
const HOSTILE_NUMBERS = [
  0,
  -1,
  1.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  Number.EPSILON,
];

/** A value of any JSON type, chosen to break whatever expects another. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(...HOSTILE_STRINGS),
  fc.constantFrom<unknown>(...HOSTILE_NUMBERS),
  fc.constantFrom<unknown>(null, true, false, [], {}, [null], { '': '' }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);

/** Request bodies that are no JSON, or JSON a parser chokes on. */
const BROKEN_BODIES = [
  '{',
  '[',
  '"',
  '{"a":}',
  'nul',
  '1e99999',
  '\u0000',
  '{"a":1,"a":2}',
  '{"__proto__":{"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"a":"${HUGE}"}`,
];

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const json = (value: unknown): string => JSON.stringify(value) ?? 'null';

// ---------------------------------------------------------------------------------------------------------
// Valid values from a JSON Schema

function stringArbitrary(schema: JsonSchema, ids: readonly string[]): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 40, Math.max(min, 40));
  const fits = (s: string) => s.length >= min && s.length <= (schema.maxLength ?? Infinity);
  switch (schema.format) {
    case 'uuid':
      return ids.length ? fc.oneof(fc.constantFrom(...ids), fc.uuid()) : fc.uuid();
    case 'email':
      return fc.emailAddress().filter(fits);
    case 'date':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'uri':
      return fc.webUrl().filter(fits);
  }
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
    } catch {
      // A pattern fast-check cannot generate from (lookarounds): plain strings, mostly refused.
    }
  }
  // Filtered beforehand: a filter no value passes would never end.
  const fitting = ids.filter(fits);
  return fc.oneof(
    ...(fitting.length ? [fc.constantFrom(...fitting)] : []),
    fc.string({ minLength: min, maxLength: max }),
  );
}

/** Values the schema accepts (mostly: patterns fast-check cannot follow give plain strings). */
export function validArbitrary(
  schema: JsonSchema,
  ids: readonly string[] = [],
  depth = 0,
): fc.Arbitrary<unknown> {
  if (depth > 8) return fc.constant(null);
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return fc.oneof(...options.map((s) => validArbitrary(s, ids, depth + 1)));
  if (schema.allOf?.length) return validArbitrary(schema.allOf[0]!, ids, depth + 1);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1)
    return fc.oneof(...types.map((type) => validArbitrary({ ...schema, type }, ids, depth + 1)));
  switch (types[0]) {
    case 'string':
      return stringArbitrary(schema, ids);
    case 'integer': {
      const min =
        schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1e6);
      const max =
        schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1e6);
      return fc.oneof(fc.constantFrom(min, max), fc.integer({ min: Math.ceil(min), max: Math.floor(max) }));
    }
    case 'number': {
      const min = schema.minimum ?? schema.exclusiveMinimum ?? -1e6;
      const max = schema.maximum ?? schema.exclusiveMaximum ?? 1e6;
      return fc.double({
        min,
        max,
        noNaN: true,
        noDefaultInfinity: true,
        minExcluded: schema.exclusiveMinimum !== undefined,
        maxExcluded: schema.exclusiveMaximum !== undefined,
      });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      return fc.array(schema.items ? validArbitrary(schema.items, ids, depth + 1) : fc.jsonValue(), {
        minLength,
        maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 3, 3)),
      });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const keys = Object.keys(properties);
      if (!keys.length) {
        const values =
          typeof schema.additionalProperties === 'object'
            ? validArbitrary(schema.additionalProperties, ids, depth + 1)
            : fc.jsonValue({ maxDepth: 1 });
        return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), values, { maxKeys: 2 });
      }
      const model = Object.fromEntries(keys.map((k) => [k, validArbitrary(properties[k]!, ids, depth + 1)]));
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in model) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

// ---------------------------------------------------------------------------------------------------------
// Mutated JSON texts: one thing wrong, at the top or deeper

const objectText = (entries: [string, string][]) =>
  `{${entries.map(([key, text]) => `${JSON.stringify(key)}:${text}`).join(',')}}`;

/** The JSON text of a value the schema refuses, or should: one field wrong, missing or extra, or all of it. */
export function mutatedText(
  schema: JsonSchema,
  ids: readonly string[] = [],
  depth = 0,
): fc.Arbitrary<string> {
  const hostileText = hostileValue.map(json);
  const keys = Object.keys(schema.properties ?? {});
  const isObject = schema.type === 'object' && keys.length > 0 && depth < 4;
  if (isObject) {
    const objectMutation = fc.constantFrom(...keys).chain((key) =>
      fc
        .tuple(
          validArbitrary(schema, ids, depth) as fc.Arbitrary<Record<string, unknown>>,
          fc.constantFrom('replace', 'deeper', 'drop', 'extra', '__proto__', 'constructor'),
          fc.oneof(hostileText, mutatedText(schema.properties![key]!, ids, depth + 1)),
          hostileText,
        )
        .map(([base, how, deeper, hostile]) => {
          const entries = Object.entries(base).map(([k, v]): [string, string] => [k, json(v)]);
          const at = entries.findIndex(([k]) => k === key);
          const set = (text: string) => (at >= 0 ? (entries[at]![1] = text) : entries.push([key, text]));
          switch (how) {
            case 'replace':
              set(hostile);
              break;
            case 'deeper':
              set(deeper);
              break;
            case 'drop':
              if (at >= 0) entries.splice(at, 1);
              break;
            case 'extra':
              entries.push([`extra${key}`, hostile]);
              break;
            case '__proto__':
              entries.unshift(['__proto__', '{"polluted":"yes","isAdmin":true,"role":"super_admin"}']);
              break;
            case 'constructor':
              entries.push(['constructor', '{"prototype":{"polluted":"yes"}}']);
              break;
          }
          return objectText(entries);
        }),
    );
    return fc.oneof({ weight: 4, arbitrary: objectMutation }, { weight: 1, arbitrary: hostileText });
  }
  if (schema.type === 'array' && schema.items && depth < 4) {
    const items = schema.items;
    return fc.oneof(
      fc
        .tuple(
          fc.array(validArbitrary(items, ids, depth + 1), { maxLength: 2 }),
          mutatedText(items, ids, depth + 1),
        )
        .map(([valid, bad]) => `[${[...valid.map(json), bad].join(',')}]`),
      fc.constant(`[${'"x",'.repeat(10_000)}"x"]`),
      hostileText,
    );
  }
  return hostileText;
}

/** A path or query value: a valid one as text, or a hostile one. */
const asText = (value: unknown) => (typeof value === 'string' ? value : json(value));

// ---------------------------------------------------------------------------------------------------------
// Cases

export interface FuzzCase {
  arm: 'valid' | 'mutated';
  withToken: boolean;
  params: Record<string, string>;
  query: string;
  /** The raw request body, if any. */
  body?: string;
  /** The X-Organization-Id header, if any. */
  organization?: string;
}

export interface FuzzContext {
  /** Ids of rows that exist (organizations, children, users): valid uuids are drawn from them too. */
  ids: readonly string[];
  /** An organization the super admin reaches (X-Organization-Id of the valid arm). */
  organization: string;
  /**
   * Operations the valid arm with a token must not run for real, and why: they are fuzzed without a
   * token, and with one only with inputs their schema refuses.
   */
  destructive: Readonly<Record<string, string>>;
}

function caseArbitrary(operation: FuzzOperation, context: FuzzContext): fc.Arbitrary<FuzzCase> {
  const { ids } = context;
  const schemas = {
    params: operation.params && jsonSchemaOf(operation.params),
    query: operation.query && jsonSchemaOf(operation.query),
    body: operation.body && jsonSchemaOf(operation.body),
  };
  const paramNames = [...operation.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const paramValue = (name: string, arm: 'valid' | 'mutated') => {
    const schema = schemas.params?.properties?.[name] ?? { type: 'string' };
    const valid = validArbitrary(schema, ids).map(asText);
    return arm === 'valid' ? valid : fc.oneof(valid, hostileValue.map(asText));
  };
  const paramsOf = (arm: 'valid' | 'mutated') =>
    fc.record(Object.fromEntries(paramNames.map((n) => [n, paramValue(n, arm)]))) as fc.Arbitrary<
      Record<string, string>
    >;

  const queryOf = (arm: 'valid' | 'mutated'): fc.Arbitrary<string> => {
    const schema = schemas.query;
    const valid = schema
      ? (validArbitrary(schema, ids) as fc.Arbitrary<Record<string, unknown>>)
      : fc.constant({} as Record<string, unknown>);
    const encode = (value: Record<string, unknown>) => {
      const search = new URLSearchParams();
      for (const [key, v] of Object.entries(value ?? {})) {
        if (Array.isArray(v)) for (const item of v) search.append(key, asText(item));
        else if (v !== undefined) search.append(key, asText(v));
      }
      return search.toString();
    };
    if (arm === 'valid') return valid.map(encode);
    const keys = Object.keys(schema?.properties ?? {});
    return fc
      .tuple(
        valid,
        fc.constantFrom(
          ...(keys.length ? keys : ['q']),
          '__proto__',
          'constructor[prototype][polluted]',
          'a[b][c]',
        ),
        hostileValue,
        fc.boolean(),
      )
      .map(([base, key, hostile, repeat]) => {
        const text = encode(base);
        const extra = new URLSearchParams();
        extra.append(key, asText(hostile).slice(0, 5000));
        if (repeat) extra.append(key, asText(hostile).slice(0, 50));
        return [text, extra.toString()].filter(Boolean).join('&');
      });
  };

  const bodyOf = (arm: 'valid' | 'mutated'): fc.Arbitrary<string | undefined> => {
    const schema = schemas.body;
    if (!schema)
      return arm === 'valid' || operation.method === 'GET'
        ? fc.constant(undefined)
        : fc.option(hostileValue.map(json), { nil: undefined });
    if (arm === 'valid') return validArbitrary(schema, ids).map(json);
    return fc.oneof(
      { weight: 6, arbitrary: mutatedText(schema, ids) },
      { weight: 1, arbitrary: fc.constantFrom(...BROKEN_BODIES) },
    );
  };

  const organizationOf = (arm: 'valid' | 'mutated') =>
    operation.tenant !== 'header'
      ? fc.constant(undefined)
      : arm === 'valid'
        ? fc.constant(context.organization)
        : fc.oneof(
            fc.constant(context.organization),
            fc.constant(undefined),
            fc.uuid(),
            hostileValue.map((v) =>
              asText(v)
                .replace(/[^\x20-\x7e]/g, '')
                .slice(0, 200),
            ),
          );

  const arm = (which: 'valid' | 'mutated') =>
    fc.record({
      arm: fc.constant(which),
      withToken: operation.public ? fc.constant(false) : fc.boolean(),
      params: paramsOf(which),
      query: queryOf(which),
      body: bodyOf(which),
      organization: organizationOf(which),
    });
  return fc.oneof(arm('valid'), arm('mutated'));
}

// ---------------------------------------------------------------------------------------------------------
// Checks

const LEAKS: [string, RegExp][] = [
  ['a stack trace', /\n\s+at\s|\bat\s+[\w.<>]+\s+\(.*:\d+:\d+\)/],
  [
    'SQL text',
    /\bselect\s+[\w"*.,\s()]+\s+from\s|\binsert\s+into\s|\bupdate\s+"?\w+"?\s+set\s|\bdelete\s+from\s|syntax error at or near|violates (?:foreign key|unique|not-null|check) constraint|duplicate key value|relation "[^"]+" does not exist|invalid input syntax for/i,
  ],
  ['a driver error', /\b(?:ECONNREFUSED|ENOENT|EACCES|PGlite|node-postgres|drizzle)\b/],
];
const PATH_LEAK: [string, RegExp] = [
  'a file path',
  /(?:\/work\/|\/home\/|\/usr\/|node_modules|[A-Za-z]:\\\\|\w\.(?:ts|js|mjs):\d+)/,
];

export interface FuzzFinding {
  operation: string;
  problem: string;
  request: { method: string; url: string; withToken: boolean; body?: string; organization?: string };
  status: number;
  answer: string;
}

export interface FuzzFigures {
  operations: number;
  cases: number;
  byStatus: Record<string, number>;
  findings: FuzzFinding[];
}

function problemsOf(
  operation: FuzzOperation,
  fuzzCase: FuzzCase,
  status: number,
  text: string,
  contentType: string,
): string[] {
  const problems: string[] = [];
  if (status >= 500) problems.push(`answered ${status}`);
  // A path the router does not take to the operation (an empty or over-long parameter) is not the operation's.
  const routed =
    status !== 414 && !(status === 404 && text.includes('"Route ')) && !text.includes(SERVER_TEXTS.badPath);
  if (routed && !operation.public && !fuzzCase.withToken && status !== 401)
    problems.push('a token endpoint answered a caller without a token with something else than 401');
  const isFile = !operation.endpoint && status < 300;
  const isStream = operation.stream && contentType.startsWith('text/event-stream');
  if (!isFile && !isStream) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      problems.push('the answer is no JSON');
    }
    if (body !== undefined) {
      const client = operation.endpoint?.client ?? 'gateway';
      const schema =
        status < 300 && operation.endpoint
          ? client === 'organizations'
            ? organizationEnvelope(operation.endpoint.data)
            : gatewayEnvelope(operation.endpoint.data)
          : client === 'organizations'
            ? organizationErrorEnvelope
            : gatewayErrorEnvelope;
      const parsed = schema.safeParse(body);
      if (!parsed.success)
        problems.push(`the answer does not match its declared schema: ${parsed.error.message.slice(0, 300)}`);
    }
  }
  const leaks = status >= 400 ? [...LEAKS, PATH_LEAK] : LEAKS;
  for (const [what, pattern] of leaks)
    if (!isFile && pattern.test(text)) problems.push(`the answer shows ${what}`);
  if (Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted'))
    problems.push('Object.prototype was polluted');
  return problems;
}

export interface FuzzOptions {
  app: FastifyInstance;
  /** A super admin's session token. */
  token: string;
  context: FuzzContext;
  operations: FuzzOperation[];
  /** Cases per operation. */
  runs: number;
  seed: number;
  /** Called after each operation (progress in the bench). */
  onOperation?: (name: string, cases: number) => void;
}

/** Runs every case of every operation and answers the figures: never stops at the first finding. */
export async function fuzz(options: FuzzOptions): Promise<FuzzFigures> {
  const figures: FuzzFigures = { operations: 0, cases: 0, byStatus: {}, findings: [] };
  let address = 0;
  for (const [index, operation] of options.operations.entries()) {
    figures.operations++;
    const cases = fc.sample(caseArbitrary(operation, options.context), {
      seed: options.seed + index,
      numRuns: options.runs,
    });
    for (const fuzzCase of cases) {
      const destructive = options.context.destructive[operation.name];
      // A destructive operation runs for real with no token; with one, only with inputs it refuses.
      if (destructive && fuzzCase.withToken) {
        if (fuzzCase.arm === 'valid' || !operation.body) fuzzCase.withToken = false;
        else fuzzCase.body = '"not an object"';
      }
      // An empty parameter would make the path another route's (`/children/` is `/children`): a space instead;
      // a lone surrogate cannot be percent-encoded at all.
      const url =
        operation.path.replace(/:(\w+)/g, (_, name: string) =>
          encodeURIComponent((fuzzCase.params[name] || ' ').replace(LONE_SURROGATE, '\uFFFD')),
        ) + (fuzzCase.query ? `?${fuzzCase.query}` : '');
      const headers: Record<string, string> = {};
      if (fuzzCase.body !== undefined) headers['content-type'] = 'application/json';
      if (fuzzCase.withToken) headers.authorization = `Bearer ${options.token}`;
      if (fuzzCase.organization !== undefined) headers['x-organization-id'] = fuzzCase.organization;
      // A new address per case: the per-address throttles of the sign-in and one-time links stay out of it.
      address++;
      const response = await options.app.inject({
        method: operation.method as 'GET',
        url,
        headers,
        ...(fuzzCase.body !== undefined ? { payload: fuzzCase.body } : {}),
        remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
        payloadAsStream: true,
      });
      const contentType = String(response.headers['content-type'] ?? '');
      let text = '';
      if (operation.stream && contentType.startsWith('text/event-stream')) response.stream().destroy();
      else {
        const chunks: Buffer[] = [];
        for await (const chunk of response.stream()) chunks.push(Buffer.from(chunk as Uint8Array));
        text = Buffer.concat(chunks).toString();
      }
      figures.cases++;
      const bucket = `${Math.floor(response.statusCode / 100)}xx`;
      figures.byStatus[bucket] = (figures.byStatus[bucket] ?? 0) + 1;
      for (const problem of problemsOf(operation, fuzzCase, response.statusCode, text, contentType)) {
        figures.findings.push({
          operation: operation.name,
          problem,
          request: {
            method: operation.method,
            url: url.slice(0, 300),
            withToken: fuzzCase.withToken,
            ...(fuzzCase.body !== undefined ? { body: fuzzCase.body.slice(0, 300) } : {}),
            ...(fuzzCase.organization !== undefined
              ? { organization: fuzzCase.organization.slice(0, 80) }
              : {}),
          },
          status: response.statusCode,
          answer: text.slice(0, 300),
        });
      }
      // Clean up a pollution so that one finding does not hide behind another.
      delete (Object.prototype as Record<string, unknown>).polluted;
    }
    options.onOperation?.(operation.name, options.runs);
  }
  return figures;
}

/** One finding per operation and problem (the first input that showed it), for reports. */
export function distinctFindings(findings: FuzzFinding[]): FuzzFinding[] {
  const seen = new Map<string, FuzzFinding>();
  for (const finding of findings) {
    const key = `${finding.operation} ${finding.problem.slice(0, 60)}`;
    if (!seen.has(key)) seen.set(key, finding);
  }
  return [...seen.values()];
}
