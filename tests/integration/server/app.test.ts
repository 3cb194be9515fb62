import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { authEndpoints } from '../../../shared/api';
import { buildApp } from '../../../server/app';
import { SERVER_TEXTS } from '../../../server/http/errors';
import { createLogger } from '../../../server/logger';
import { appVersion } from '../../../server/version';
import { testDatabases } from '../../support/databases';
import { call, TEST_SHEDDING } from '../../support/server';
import { useServerSuite } from '../../support/suite';

describe.each(testDatabases)('the app on $name', (target) => {
  const suite = useServerSuite(target);
  const { clock } = suite;

  it('GET /auth/test answers the health of server and database', async () => {
    const { status, body } = await call(suite.app, { method: 'GET', url: '/auth/test' });
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      data: {
        status: 'ok',
        service: 'ops-console-server',
        version: appVersion(),
        database: target.name,
        time: new Date(clock.now()).toISOString(),
      },
    });
  });

  it('serves an OpenAPI document listing every auth endpoint', async () => {
    const response = await suite.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{
      openapi: string;
      paths: Record<string, Record<string, { security?: unknown }>>;
    }>();
    expect(document.openapi).toMatch(/^3\./);
    for (const endpoint of Object.values(authEndpoints)) {
      const operation = document.paths[endpoint.path]?.[endpoint.method.toLowerCase()];
      expect(operation, `${endpoint.method} ${endpoint.path}`).toBeDefined();
      expect(Boolean(operation?.security)).toBe(endpoint.auth === 'token');
    }
  });

  it('answers unknown routes with a 404 envelope', async () => {
    const { status, body } = await call(suite.app, { method: 'GET', url: '/no/such/route?x=1' });
    expect(status).toBe(404);
    expect(body).toEqual({ success: false, error: 'Route GET /no/such/route not found' });
  });

  it('answers a path the router refuses in the envelope, without quoting the path back', async () => {
    // Found by the API fuzzer (issue 25): a path parameter over the router's length limit, or one that does
    // not decode, got Fastify's own answer: no envelope, and the whole path (up to the request's size) quoted.
    const long = await suite.app.inject({ method: 'POST', url: `/users/${'x'.repeat(5000)}/status` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ success: false, error: SERVER_TEXTS.pathTooLong });
    const tenant = await suite.app.inject({ method: 'GET', url: `/organizations/${'x'.repeat(5000)}/stats` });
    expect(tenant.statusCode).toBe(414);
    expect(tenant.json()).toEqual({ success: false, message: SERVER_TEXTS.pathTooLong });
    const undecodable = await suite.app.inject({ method: 'GET', url: '/children/%E0%A4%A' });
    expect(undecodable.statusCode).toBe(400);
    expect(undecodable.json()).toEqual({ success: false, error: SERVER_TEXTS.badPath });
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const { status, body } = await call(suite.app, {
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.error).toBeTypeOf('string');
  });

  it('answers a failure of its own with a generic 500 and logs the cause', async () => {
    const broken = await target.open();
    const lines: string[] = [];
    const sink = new Writable({
      write: (chunk: Buffer, _encoding, done) => (lines.push(chunk.toString()), done()),
    });
    const failing = await buildApp({
      database: broken,
      config: { now: clock.now, shedding: TEST_SHEDDING },
      logger: createLogger({ level: 'error', destination: sink }),
    });
    await broken.close();
    try {
      const { status, body } = await call(failing, { method: 'GET', url: '/auth/test' });
      expect(status).toBe(500);
      expect(body).toEqual({ success: false, error: SERVER_TEXTS.internal });
      expect(lines.join('')).toContain('request failed');
    } finally {
      await failing.close();
    }
  });
});
