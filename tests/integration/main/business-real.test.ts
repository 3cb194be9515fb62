import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BridgeResult } from '../../../shared/bridge/contract';
import { ERRORS, formatError } from '../../../shared/errors';
import { handle } from '../../../main/core/bridge/handle';
import { readConfig } from '../../../main/core/config';
import { startConsoleCore, type ConsoleCore } from '../../../main/core/console-core';
import { createMemoryLogger } from '../../../main/core/logger';
import { memoryKeyValue, openFileKeyEncryptor } from '../../../main/core/store';
import type { RunningServer } from '../../../server/start';
import { FIRST_DEMO_ORGANIZATION_ID } from '../../../server/seed/tenancy';
import { makeTempDir } from '../../unit/main/temp-dir';
import { DEMO_PASSWORD, startTestServer } from './real-server';

/** The business:* and cost:* handlers against the real server and its demo dataset. */
let server: RunningServer;
let temp: ReturnType<typeof makeTempDir>;
let core: ConsoleCore;
let logger: ReturnType<typeof createMemoryLogger>;

beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(async () => server?.close());

beforeEach(async () => {
  temp = makeTempDir();
  logger = createMemoryLogger();
  core = await startConsoleCore({
    host: 'browser',
    version: '1.0.0',
    config: readConfig({ CONSOLE_GATEWAY_URL: server.url }),
    kv: memoryKeyValue(),
    encryptor: openFileKeyEncryptor(`${temp.dir}/token.key`, logger),
    dataDir: temp.dir,
    logger,
  });
});
afterEach(async () => {
  await core.close();
  temp.remove();
});

function call(channel: string, input?: unknown): Promise<BridgeResult<unknown>> {
  return handle({ handlers: core.handlers, logger, isTrustedSender: () => true }, channel, input, null);
}
async function value<T>(channel: string, input?: unknown): Promise<T> {
  const result = await call(channel, input);
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value as T;
}
const signIn = (email: string) => value('auth:login', { email, password: DEMO_PASSWORD });

describe('business:* and cost:* against the real server', () => {
  it('a platform administrator gets the platform figures, the health summary and the cost overview', async () => {
    await signIn('admin@demo.example');
    const figures = await value<{ scope: string; kpis: { cloudMonthlyCost: number } }>('business:dashboard', {
      scope: 'platform',
      period: '30d',
    });
    expect(figures).toMatchObject({ scope: 'platform', kpis: { cloudMonthlyCost: 1870 } });
    expect(await value('business:health')).toMatchObject({ status: 'ok', database: { reachable: true } });
    const overview = await value<{ score: { score: number }; budgets: { usedPercent: number }[] }>(
      'cost:overview',
      { period: '30d' },
    );
    expect(overview.score.score).toBe(72);
    expect(overview.budgets[0]?.usedPercent).toBe(85);
    expect(await call('business:dashboard', { scope: 'platform', period: 'decade' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
  });

  it("a center administrator gets their organization's figures, and the server's refusals", async () => {
    await signIn('director@demo.example');
    expect(await call('business:dashboard', { scope: 'platform', period: '30d' })).toEqual({
      ok: false,
      error: {
        code: 'FAILED',
        message: formatError(ERRORS.forbidden, { permission: 'analytics.view_platform' }),
      },
    });
    await value('orgs:switch', { organizationId: FIRST_DEMO_ORGANIZATION_ID });
    expect(await value('business:dashboard', { scope: 'organization', period: 'ytd' })).toMatchObject({
      scope: 'organization',
      organizationId: FIRST_DEMO_ORGANIZATION_ID,
      kpis: { activeCenters: 1 },
    });
    // Importing cost records is the platform's business.
    expect(await call('cost:import', { csv: 'x' })).toEqual({
      ok: false,
      error: { code: 'FAILED', message: formatError(ERRORS.forbidden, { permission: 'platform.manage' }) },
    });
  });

  it("a refused import reaches the console with the bad line's number", async () => {
    await signIn('admin@demo.example');
    const csv =
      'date,total,lambda,dynamodb,s3,cloudfront,apigateway,others\n2025-01-01,,1,1,1,1,1,1\n2025-01-02,,1,1,1\n';
    expect(await call('cost:import', { csv })).toEqual({
      ok: false,
      error: {
        code: 'FAILED',
        message: formatError(ERRORS.costImportRefused, { errors: 'line 3: expected 8 values, found 5' }),
      },
    });
  });
});
