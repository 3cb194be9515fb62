import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '../../../shared/api/endpoint';
import { isChallenge } from '../../../shared/api/auth';
import { ERRORS } from '../../../shared/errors';
import { AuthRequiredError } from '../../../main/core/clients/errors';
import { createGatewayClient } from '../../../main/core/clients/gateway-client';
import type { RunningServer } from '../../../server/start';
import { closedPortUrl, fakeTokens, json, startFakeServer } from './fake-server';
import { DEMO_PASSWORD as PASSWORD, startTestServer } from './real-server';

let server: RunningServer;
let fake: Awaited<ReturnType<typeof startFakeServer>>;

beforeAll(async () => {
  server = await startTestServer();
  fake = await startFakeServer({
    'POST /auth/login': (_req, res) => json(res, 502, '<html>Bad gateway</html>', 'Bad Gateway'),
    'GET /auth/test': (_req, res) => json(res, 200, { success: false }),
    'POST /auth/verify': (_req, res) =>
      json(res, 401, { success: false, error: 'Token expired' }, 'Unauthorized'),
    'POST /auth/logout': () => {
      // Never answers: the client's timeout must end the call.
    },
    'GET /shape': (_req, res) => json(res, 200, { success: true, data: { unexpected: true } }),
  });
}, 120_000);
afterAll(async () => {
  await fake?.close();
  await server?.close();
});

describe('Client B against the real server', () => {
  it('logs in, verifies with the bearer token and never needs more', async () => {
    const tokens = fakeTokens();
    const client = createGatewayClient({ baseUrl: server.url, tokens });
    const login = await client.login({ email: 'admin@demo.example', password: PASSWORD });
    expect(login.success).toBe(true);
    if (!login.success || isChallenge(login.data)) throw new Error('not signed in');
    expect(login.data.token.length).toBeGreaterThan(20);
    tokens.state.token = login.data.token;
    const verified = await client.verify();
    expect(verified).toMatchObject({
      success: true,
      data: { email: 'admin@demo.example', role: 'super_admin' },
    });
    const health = await client.test();
    expect(health).toMatchObject({ success: true, data: { status: 'ok' } });
  });

  it("surfaces the server's login error text", async () => {
    const client = createGatewayClient({ baseUrl: server.url, tokens: fakeTokens('stale-token') });
    const result = await client.login({ email: 'admin@demo.example', password: 'not-the-password' });
    expect(result).toMatchObject({ success: false, error: ERRORS.invalidCredentials, status: 401 });
  });

  it('a 401 on a call carrying the token clears it, fires onUnauthorized and throws "Authentication required"', async () => {
    const tokens = fakeTokens('not-a-valid-token');
    const seen: string[] = [];
    const client = createGatewayClient({
      baseUrl: server.url,
      tokens,
      onUnauthorized: (message) => seen.push(message),
    });
    await expect(client.verify()).rejects.toThrow(new AuthRequiredError());
    await expect(client.verify()).resolves.toEqual({ success: false, error: ERRORS.noToken });
    expect(tokens.state).toMatchObject({ token: null, clears: 1 });
    expect(seen).toEqual([ERRORS.authRequired]);
  });

  it('a revoked token (after logout) is a 401 too', async () => {
    const tokens = fakeTokens();
    const client = createGatewayClient({ baseUrl: server.url, tokens });
    const login = await client.login({ email: 'owner@demo.example', password: PASSWORD });
    if (!login.success) throw new Error(login.error);
    if (isChallenge(login.data)) throw new Error('a two-factor challenge');
    tokens.state.token = login.data.token;
    expect(await client.logout()).toMatchObject({ success: true });
    await expect(client.verify()).rejects.toBeInstanceOf(AuthRequiredError);
  });
});

describe('Client B error texts', () => {
  it('"No token available" when verifying without a token, without a request', async () => {
    const client = createGatewayClient({ baseUrl: await closedPortUrl(), tokens: fakeTokens() });
    expect(await client.verify()).toEqual({ success: false, error: 'No token available' });
  });

  it('"Network error occurred" when nothing listens', async () => {
    const client = createGatewayClient({ baseUrl: await closedPortUrl(), tokens: fakeTokens() });
    expect(await client.test()).toEqual({ success: false, error: 'Network error occurred' });
  });

  it('"HTTP {status}: {statusText}" for a non-OK answer without an envelope', async () => {
    const client = createGatewayClient({ baseUrl: fake.url, tokens: fakeTokens() });
    expect(await client.login({ email: 'a@b.example', password: 'x' })).toEqual({
      success: false,
      error: 'HTTP 502: Bad Gateway',
      status: 502,
    });
  });

  it('success false on a 200 without a message answers the default text', async () => {
    const client = createGatewayClient({ baseUrl: fake.url, tokens: fakeTokens() });
    expect(await client.test()).toMatchObject({ success: false, error: ERRORS.apiRequestFailed });
  });

  it('a timeout is a network failure with its own message, ended by the (injected) timeout', async () => {
    const client = createGatewayClient({ baseUrl: fake.url, tokens: fakeTokens('t'), timeoutMs: 150 });
    const started = Date.now();
    expect(await client.logout()).toEqual({ success: false, error: 'Request timed out after 150 ms' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('a 401 without a token is an ordinary failure: nothing is cleared', async () => {
    const tokens = fakeTokens();
    let fired = 0;
    const client = createGatewayClient({ baseUrl: fake.url, tokens, onUnauthorized: () => (fired += 1) });
    const result = await client.request(
      defineEndpoint({
        client: 'gateway',
        method: 'POST',
        path: '/auth/verify',
        summary: 'public probe',
        data: z.unknown(),
        auth: 'public',
      }),
    );
    expect(result).toEqual({ success: false, error: 'Token expired', status: 401 });
    expect(fired).toBe(0);
  });

  it('a 200 whose data breaks the contract is refused', async () => {
    const client = createGatewayClient({ baseUrl: fake.url, tokens: fakeTokens() });
    const shape = defineEndpoint({
      client: 'gateway',
      method: 'GET',
      path: '/shape',
      summary: 'x',
      data: z.object({ id: z.string() }),
      auth: 'public',
    });
    expect(await client.request(shape)).toMatchObject({
      success: false,
      error: expect.stringMatching(/^Invalid response from server/),
    });
  });

  it('sends the bearer token only on calls that need it', async () => {
    const client = createGatewayClient({ baseUrl: fake.url, tokens: fakeTokens('secret-token') });
    await client.login({ email: 'a@b.example', password: 'x' });
    await client.verify().catch(() => undefined);
    const [login, verify] = fake.requests
      .filter((r) => r.url === '/auth/login' || r.url === '/auth/verify')
      .slice(-2);
    expect(login?.headers.authorization).toBeUndefined();
    expect(verify?.headers.authorization).toBe('Bearer secret-token');
  });
});
