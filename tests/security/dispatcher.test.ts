import { describe, expect, it, vi } from 'vitest';
import { CHANNELS } from '../../shared/bridge/contract';
import { BridgeFailure } from '../../main/core/bridge/failure';
import { handle, UNEXPECTED_ERROR_TEXT } from '../../main/core/bridge/handle';
import type { Handlers } from '../../main/core/bridge/handlers';
import {
  ApiRequestFailedError,
  AuthRequiredError,
  HttpStatusError,
  InvalidResponseError,
  NetworkError,
  TimeoutError,
} from '../../main/core/clients/errors';
import { createMemoryLogger } from '../../main/core/logger';

const user = { userId: 'u1', email: 'a@b.example', name: 'A', role: 'super_admin', permissions: [] };

/** Every channel answers "not used here" unless a test or the few defaults below give it a body. */
function fakeHandlers(overrides: Partial<Handlers> = {}): Handlers {
  const unusedChannels = Object.fromEntries(CHANNELS.map((channel) => [channel, vi.fn(unused(channel))]));
  return {
    ...(unusedChannels as unknown as Handlers),
    'app:info': vi.fn(async () => ({
      host: 'browser' as const,
      version: '1',
      gatewayUrl: 'g',
      organizationApiUrl: 'o',
      embeddedServer: false,
      demo: false,
      dataDir: 'd',
      logDir: 'd/logs',
    })),
    'auth:session': vi.fn(async () => ({ status: 'unauthenticated' as const })),
    'auth:login': vi.fn(async () => ({ status: 'signedIn' as const, user })),
    'auth:logout': vi.fn(async () => null),
    'settings:theme': vi.fn(async () => 'auto' as const),
    'settings:setTheme': vi.fn(async ({ theme }) => theme),
    'organizations.list': vi.fn(async () => []),
    'orgs:current': vi.fn(async () => ({ organizationId: null })),
    'orgs:switch': vi.fn(async ({ organizationId }) => ({ organizationId })),
    'organizations.members': vi.fn(async () => []),
    'organizations.removeMember': vi.fn(async () => ({ removed: true as const })),
    'export:save': vi.fn(async () => ({ status: 'cancelled' as const })),
    'alerts:list': vi.fn(async () => []),
    'alerts:dismiss': vi.fn(async () => []),
    ...overrides,
  };
}

function unused(channel: string) {
  return async (): Promise<never> => {
    throw new Error(`${channel} is not used here`);
  };
}

const trusted = 'our-renderer';
function dispatcher(handlers = fakeHandlers()) {
  const logger = createMemoryLogger();
  return {
    handlers,
    logger,
    call: (channel: unknown, input?: unknown, sender: string = trusted) =>
      handle({ handlers, logger, isTrustedSender: (s: string) => s === trusted }, channel, input, sender),
  };
}

describe('handle(): the one bridge dispatcher', () => {
  it('refuses a channel outside the contract, before anything else', async () => {
    const { call, handlers } = dispatcher();
    for (const channel of [
      'shell:exec',
      'http:get',
      // Endpoints that exist but are not on the allow-list: public, streaming, auth.*, unlisted.
      'auth.login',
      'auth.register',
      'alerts.stream',
      'childcare.listChildren',
      'roles.listCenters',
      '__proto__',
      'constructor',
      'toString',
      42,
      null,
      'x'.repeat(500),
    ]) {
      const result = await call(channel, undefined, 'a stranger');
      expect(result).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CHANNEL' } });
    }
    for (const channel of CHANNELS) expect(handlers[channel]).not.toHaveBeenCalled();
  });

  it('refuses a foreign sender on every channel, without running the handler', async () => {
    const { call, handlers, logger } = dispatcher();
    for (const channel of CHANNELS) {
      expect(await call(channel, undefined, 'https://evil.example/iframe')).toEqual({
        ok: false,
        error: { code: 'FORBIDDEN_SENDER', message: expect.any(String) },
      });
      expect(handlers[channel]).not.toHaveBeenCalled();
    }
    expect(logger.lines.some((line) => line.includes('untrusted sender'))).toBe(true);
  });

  it('treats a sender check that throws as a refusal', async () => {
    const handlers = fakeHandlers();
    const result = await handle(
      {
        handlers,
        logger: createMemoryLogger(),
        isTrustedSender: () => {
          throw new Error('frame gone');
        },
      },
      'app:info',
      undefined,
      null,
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } });
  });

  it('refuses malformed input with a readable message, without running the handler', async () => {
    const { call, handlers } = dispatcher();
    const cases: [string, unknown][] = [
      ['auth:login', undefined],
      ['auth:login', { email: 'a@b.example' }],
      ['auth:login', { email: 'a@b.example', password: { $gt: '' } }],
      ['auth:login', 'admin@demo.example:secret'],
      ['settings:setTheme', { theme: 'hacker' }],
      ['app:info', { unexpected: true }],
      ['orgs:switch', { organizationId: '' }],
      ['orgs:switch', { organizationId: 'x'.repeat(65) }],
      ['organizations.invite', { params: { id: 'o1' }, body: { email: 'not-an-email', role: 'viewer' } }],
      // Nobody is invited or promoted to owner through the bridge.
      ['organizations.invite', { params: { id: 'o1' }, body: { email: 'a@b.example', role: 'owner' } }],
      ['organizations.updateMember', { params: { id: 'o1', userId: 'u2' }, body: { role: 'owner' } }],
      ['organizations.update', { params: { id: 'o1' }, body: { plan: 'enterprise' } }],
      // Forwarded inputs are exactly the endpoint's parts: none missing, none added, none for a bare one.
      ['organizations.update', { body: { name: 'x' } }],
      ['organizations.get', { params: { id: 'o1' }, query: { anything: 1 } }],
      ['organizations.get', { params: { id: 'o1' }, url: 'https://evil.example/' }],
      ['organizations.get', { params: { id: '' } }],
      ['organizations.get', undefined],
      ['organizations.list', { params: { id: 'o1' } }],
      ['roles.revokePermission', { params: { id: 'r1' } }],
      ['audit.listAuditLogs', { query: { limit: 100_000 } }],
      ['business.importCosts', { body: { csv: '' } }],
    ];
    for (const [channel, input] of cases) {
      const result = await call(channel, input);
      expect(result, `${channel} ${JSON.stringify(input)}`).toMatchObject({
        ok: false,
        error: { code: 'INVALID', message: expect.stringMatching(/^Invalid input: /) },
      });
    }
    expect(handlers['auth:login']).not.toHaveBeenCalled();
    expect(handlers['settings:setTheme']).not.toHaveBeenCalled();
    expect(handlers['orgs:switch']).not.toHaveBeenCalled();
    expect(handlers['organizations.invite']).not.toHaveBeenCalled();
    expect(handlers['organizations.updateMember']).not.toHaveBeenCalled();
    expect(handlers['organizations.update']).not.toHaveBeenCalled();
    expect(handlers['organizations.get']).not.toHaveBeenCalled();
    expect(handlers['business.importCosts']).not.toHaveBeenCalled();
    const message = await call('auth:login', { email: 'a@b.example', password: 'hunter2', extra: 1 });
    expect(message.ok).toBe(true); // unknown keys are dropped, not refused
  });

  it('never echoes the input values in the error', async () => {
    const { call } = dispatcher();
    const result = await call('auth:login', { email: 'a@b.example', password: ['super-secret-Password-1'] });
    expect(JSON.stringify(result)).not.toContain('super-secret-Password-1');
  });

  it('answers a serialisable value', async () => {
    const { call } = dispatcher();
    const result = await call('auth:login', { email: 'a@b.example', password: 'x' });
    expect(result).toEqual({ ok: true, value: { status: 'signedIn', user } });
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
    expect(structuredClone(result)).toEqual(result);
  });

  it('checks the output: a handler answering outside the contract is a FAILED, never the value', async () => {
    const leaky = fakeHandlers({
      'auth:login': async () => ({ status: 'signedIn', user: { ...user, role: 7 } }) as never,
    });
    const { call, logger } = dispatcher(leaky);
    expect(await call('auth:login', { email: 'a@b.example', password: 'x' })).toEqual({
      ok: false,
      error: { code: 'FAILED', message: UNEXPECTED_ERROR_TEXT },
    });
    expect(logger.lines.join('\n')).toMatch(/outside the contract/);
  });

  it('strips keys the contract does not name from the output (a token cannot slip through)', async () => {
    const leaky = fakeHandlers({
      'auth:login': async () => ({ status: 'signedIn' as const, user: { ...user, token: 'secret-token' } }),
    });
    const { call } = dispatcher(leaky);
    const result = await call('auth:login', { email: 'a@b.example', password: 'x' });
    expect(JSON.stringify(result)).not.toContain('secret-token');
  });

  it('answers unexpected errors with a safe message and logs them', async () => {
    const broken = fakeHandlers({
      'settings:theme': async () => {
        throw new Error('ENOENT /home/me/.config/secret/path');
      },
    });
    const { call, logger } = dispatcher(broken);
    const result = await call('settings:theme');
    expect(result).toEqual({ ok: false, error: { code: 'FAILED', message: UNEXPECTED_ERROR_TEXT } });
    expect(JSON.stringify(result)).not.toContain('/home/me');
    expect(logger.lines.join('\n')).toMatch(/Handler of settings:theme failed: Error: ENOENT/);
  });

  it('passes expected failures through with their text and code', async () => {
    const { call } = dispatcher(
      fakeHandlers({
        'auth:login': async () => {
          throw new BridgeFailure('FAILED', 'Invalid email or password');
        },
        'auth:session': async () => {
          throw new AuthRequiredError();
        },
      }),
    );
    expect(await call('auth:login', { email: 'a@b.example', password: 'x' })).toEqual({
      ok: false,
      error: { code: 'FAILED', message: 'Invalid email or password' },
    });
    expect(await call('auth:session')).toEqual({
      ok: false,
      error: { code: 'AUTH_REQUIRED', message: 'Authentication required', status: 401 },
    });
  });

  it("codes the clients' errors by status, keeping the server's text and the status", async () => {
    const cases: [Error, string, number | undefined][] = [
      [new ApiRequestFailedError('You do not have the permission roles.manage', 403), 'FORBIDDEN', 403],
      [new ApiRequestFailedError('Role not found', 404), 'NOT_FOUND', 404],
      [new ApiRequestFailedError('A role with this name already exists', 409), 'CONFLICT', 409],
      [new ApiRequestFailedError('Invalid input: name: Required', 400), 'INVALID', 400],
      [new HttpStatusError(422, 'Unprocessable Entity'), 'INVALID', 422],
      [new HttpStatusError(503, 'Service Unavailable'), 'UNAVAILABLE', 503],
      [new HttpStatusError(500, 'Internal Server Error'), 'UNAVAILABLE', 500],
      [new NetworkError(), 'UNAVAILABLE', undefined],
      [new TimeoutError(100), 'UNAVAILABLE', undefined],
      [new ApiRequestFailedError(undefined, 200), 'FAILED', 200],
      [new ApiRequestFailedError('I am a teapot', 418), 'FAILED', 418],
      [new InvalidResponseError(200, 'data does not match the contract'), 'FAILED', 200],
      [new BridgeFailure('NOT_FOUND', 'Organization not found'), 'NOT_FOUND', undefined],
    ];
    for (const [error, code, status] of cases) {
      const { call } = dispatcher(
        fakeHandlers({
          'roles.listRoles': async () => {
            throw error;
          },
        }),
      );
      const expected =
        status === undefined ? { code, message: error.message } : { code, message: error.message, status };
      expect(await call('roles.listRoles'), error.message).toEqual({ ok: false, error: expected });
    }
  });
});
