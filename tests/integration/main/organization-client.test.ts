import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '../../../shared/api/endpoint';
import { ERRORS } from '../../../shared/errors';
import {
  ApiRequestFailedError,
  AuthRequiredError,
  HttpStatusError,
  NetworkError,
  TimeoutError,
} from '../../../main/core/clients/errors';
import { createOrganizationClient } from '../../../main/core/clients/organization-client';
import { closedPortUrl, fakeTokens, json, startFakeServer } from './fake-server';

// Client A's own endpoints are not in the contract yet: these stand for them.
const org = z.object({ id: z.string(), name: z.string() });
const endpoints = {
  list: defineEndpoint({
    client: 'organizations',
    method: 'GET',
    path: '/organizations/user',
    summary: 'mine',
    data: z.array(org),
    auth: 'token',
  }),
  one: defineEndpoint({
    client: 'organizations',
    method: 'GET',
    path: '/organizations/:id',
    summary: 'one',
    params: z.object({ id: z.string() }),
    data: org,
    auth: 'token',
  }),
  update: defineEndpoint({
    client: 'organizations',
    method: 'PATCH',
    path: '/organizations/:id',
    summary: 'update',
    params: z.object({ id: z.string() }),
    body: z.object({ name: z.string() }),
    data: org,
    auth: 'token',
  }),
  failing: defineEndpoint({
    client: 'organizations',
    method: 'GET',
    path: '/failing',
    summary: 'x',
    data: z.unknown(),
    auth: 'token',
  }),
  bare: defineEndpoint({
    client: 'organizations',
    method: 'GET',
    path: '/bare',
    summary: 'x',
    data: z.unknown(),
    auth: 'token',
  }),
  proxy: defineEndpoint({
    client: 'organizations',
    method: 'GET',
    path: '/proxy',
    summary: 'x',
    data: z.unknown(),
    auth: 'token',
  }),
  expired: defineEndpoint({
    client: 'organizations',
    method: 'GET',
    path: '/expired',
    summary: 'x',
    data: z.unknown(),
    auth: 'token',
  }),
  slow: defineEndpoint({
    client: 'organizations',
    method: 'GET',
    path: '/slow',
    summary: 'x',
    data: z.unknown(),
    auth: 'token',
  }),
  page: defineEndpoint({
    client: 'organizations',
    method: 'GET',
    path: '/members',
    summary: 'x',
    query: z.object({ role: z.string().optional() }),
    data: z.array(z.string()),
    auth: 'token',
  }),
  file: defineEndpoint({
    client: 'organizations',
    method: 'GET',
    path: '/export',
    summary: 'x',
    data: z.unknown(),
    auth: 'token',
  }),
  upload: defineEndpoint({
    client: 'organizations',
    method: 'POST',
    path: '/upload',
    summary: 'x',
    data: z.object({ bytes: z.number() }),
    auth: 'token',
  }),
};

const FILE = Buffer.from(Array.from({ length: 300_000 }, (_, i) => i % 251));
let fake: Awaited<ReturnType<typeof startFakeServer>>;

beforeAll(async () => {
  fake = await startFakeServer({
    'GET /organizations/user': (_req, res) =>
      json(res, 200, { success: true, data: [{ id: 'o1', name: 'Sunny Days' }] }),
    'GET /organizations/o%2F1': (_req, res) =>
      json(res, 200, { success: true, data: { id: 'o/1', name: 'Slash' } }),
    'PATCH /organizations/o1': (req, res) =>
      json(res, 200, { success: true, data: { id: 'o1', ...(JSON.parse(req.body.toString()) as object) } }),
    'GET /failing': (_req, res) => json(res, 200, { success: false, message: 'Organization not found' }),
    'GET /bare': (_req, res) => json(res, 200, { success: false }),
    'GET /proxy': (_req, res) => {
      res.writeHead(503, 'Service Unavailable', { 'Content-Type': 'text/html' });
      res.end('<h1>down</h1>');
    },
    'GET /expired': (_req, res) => json(res, 401, { success: false, message: 'jwt expired' }, 'Unauthorized'),
    'GET /slow': () => {},
    'GET /members': (req, res) => json(res, 200, { success: true, data: [req.url] }),
    'GET /export': (_req, res) => {
      res.writeHead(200, {
        'Content-Type': 'text/csv',
        'Content-Disposition': 'attachment; filename="members.csv"',
      });
      res.end(FILE);
    },
    'POST /upload': (req, res) => {
      const ok =
        String(req.headers['content-type']).startsWith('multipart/form-data') &&
        req.body.includes('name="file"; filename="photo.bin"');
      json(
        res,
        ok ? 200 : 400,
        ok
          ? { success: true, data: { bytes: req.body.length } }
          : { success: false, message: 'no file field' },
      );
    },
  });
});
afterAll(async () => fake?.close());

const client = (
  token: string | null = 'org-token',
  organizationId: string | null = 'o1',
  timeoutMs?: number,
) => {
  const tokens = fakeTokens(token, organizationId);
  const expired: string[] = [];
  return {
    tokens,
    expired,
    api: createOrganizationClient({
      baseUrl: `${fake.url}/`,
      tokens,
      timeoutMs,
      onUnauthorized: (m) => expired.push(m),
    }),
  };
};

describe('Client A', () => {
  it('sends the bearer token and X-Organization-Id, and answers the envelope data', async () => {
    const { api } = client();
    expect(await api.request(endpoints.list)).toEqual([{ id: 'o1', name: 'Sunny Days' }]);
    const seen = fake.requests.at(-1);
    expect(seen?.headers.authorization).toBe('Bearer org-token');
    expect(seen?.headers['x-organization-id']).toBe('o1');
  });

  it('fills and encodes path parameters and sends the JSON body the contract allows', async () => {
    const { api } = client();
    expect(await api.request(endpoints.one, { params: { id: 'o/1' } })).toEqual({ id: 'o/1', name: 'Slash' });
    expect(
      await api.request(endpoints.update, {
        params: { id: 'o1' },
        body: { name: 'Renamed', extra: 'dropped' },
      }),
    ).toEqual({ id: 'o1', name: 'Renamed' });
    expect(fake.requests.at(-1)?.headers['content-type']).toBe('application/json');
  });

  it('success false: the response message, else "API request failed"', async () => {
    const { api } = client();
    await expect(api.request(endpoints.failing)).rejects.toThrow(
      new ApiRequestFailedError('Organization not found', 200),
    );
    await expect(api.request(endpoints.bare)).rejects.toThrow(ERRORS.apiRequestFailed);
    await expect(api.request(endpoints.bare)).rejects.toBeInstanceOf(ApiRequestFailedError);
  });

  it('a non-envelope error page: "HTTP {status}: {statusText}"', async () => {
    await expect(client().api.request(endpoints.proxy)).rejects.toThrow(
      new HttpStatusError(503, 'Service Unavailable'),
    );
  });

  it('401 clears the token, fires the callback and throws "Authentication required"', async () => {
    const { api, tokens, expired } = client();
    await expect(api.request(endpoints.expired)).rejects.toThrow(new AuthRequiredError());
    expect(tokens.state.token).toBeNull();
    expect(expired).toEqual([ERRORS.authRequired]);
  });

  it('network failure and timeout', async () => {
    const down = createOrganizationClient({ baseUrl: await closedPortUrl(), tokens: fakeTokens('t') });
    await expect(down.request(endpoints.list)).rejects.toThrow(new NetworkError());
    await expect(down.request(endpoints.list)).rejects.toThrow(ERRORS.networkError);
    await expect(client('t', 'o1', 100).api.request(endpoints.slow)).rejects.toBeInstanceOf(TimeoutError);
  });

  it('paginated GET adds page and limit to the query', async () => {
    const { api } = client();
    expect(
      await api.getPaginated(endpoints.page, { page: 3, limit: 50, query: { role: 'teacher' } }),
    ).toEqual(['/members?role=teacher&page=3&limit=50']);
    expect(await api.getPaginated(endpoints.page)).toEqual(['/members?page=1&limit=20']);
  });

  it('downloads a file as bytes with its name', async () => {
    const download = await client().api.download(endpoints.file);
    expect(Buffer.compare(download.data, FILE)).toBe(0);
    expect(download).toMatchObject({ contentType: 'text/csv', fileName: 'members.csv' });
    await expect(client().api.download(endpoints.failing)).rejects.toThrow('Organization not found');
  });

  it('uploads multipart with the field "file" and reports progress up to 100', async () => {
    const progress: number[] = [];
    const result = await client().api.upload(
      endpoints.upload,
      {
        file: { name: 'photo.bin', data: FILE, type: 'application/octet-stream' },
        fields: { caption: 'hi' },
      },
      (p) => progress.push(p),
    );
    expect(result.bytes).toBeGreaterThan(FILE.length);
    expect(progress.at(-1)).toBe(100);
    expect(progress.length).toBeGreaterThan(2);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  });
});
