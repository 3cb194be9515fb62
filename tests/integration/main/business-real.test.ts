import { describe, expect, it } from 'vitest';
import { ERRORS, formatError } from '../../../shared/errors';
import { FIRST_DEMO_ORGANIZATION_ID } from '../../../server/seed/tenancy';
import { coreAgainstTestServer } from './core-against-server';

/** The business and cost channels (hand-written and forwarded) against the real server and its demo dataset. */
const { call, value, signIn } = coreAgainstTestServer();

describe('business and cost channels against the real server', () => {
  it('a platform administrator gets the platform figures, the health summary and the cost overview', async () => {
    await signIn('admin@demo.example');
    const figures = await value<{ scope: string; kpis: { cloudMonthlyCost: number } }>('business:dashboard', {
      scope: 'platform',
      period: '30d',
    });
    expect(figures).toMatchObject({ scope: 'platform', kpis: { cloudMonthlyCost: 1870 } });
    expect(await value('business.serverHealth')).toMatchObject({
      status: 'ok',
      database: { reachable: true },
    });
    const overview = await value<{ score: { score: number }; budgets: { usedPercent: number }[] }>(
      'cost:overview',
      { period: '30d' },
    );
    expect(overview.score.score).toBe(72);
    expect(overview.budgets[0]?.usedPercent).toBe(85);
    expect(await call('business:dashboard', { scope: 'platform', period: 'decade' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID' },
    });
  });

  it("a center administrator gets their organization's figures, and the server's refusals", async () => {
    await signIn('director@demo.example');
    expect(await call('business:dashboard', { scope: 'platform', period: '30d' })).toEqual({
      ok: false,
      error: {
        code: 'FORBIDDEN',
        message: formatError(ERRORS.forbidden, { permission: 'analytics.view_platform' }),
        status: 403,
      },
    });
    await value('orgs:switch', { organizationId: FIRST_DEMO_ORGANIZATION_ID });
    expect(await value('business:dashboard', { scope: 'organization', period: 'ytd' })).toMatchObject({
      scope: 'organization',
      organizationId: FIRST_DEMO_ORGANIZATION_ID,
      kpis: { activeCenters: 1 },
    });
    // Importing cost records is the platform's business.
    expect(await call('business.importCosts', { body: { csv: 'x' } })).toEqual({
      ok: false,
      error: {
        code: 'FORBIDDEN',
        message: formatError(ERRORS.forbidden, { permission: 'platform.manage' }),
        status: 403,
      },
    });
  });

  it("a refused import reaches the console with the bad line's number", async () => {
    await signIn('admin@demo.example');
    const csv =
      'date,total,lambda,dynamodb,s3,cloudfront,apigateway,others\n2025-01-01,,1,1,1,1,1,1\n2025-01-02,,1,1,1\n';
    expect(await call('business.importCosts', { body: { csv } })).toEqual({
      ok: false,
      error: {
        code: 'INVALID',
        message: formatError(ERRORS.costImportRefused, { errors: 'line 3: expected 8 values, found 5' }),
        status: 400,
      },
    });
  });

  it("an empty file is refused with the endpoint's own text, before any call", async () => {
    await signIn('admin@demo.example');
    expect(await call('business.importCosts', { body: { csv: '' } })).toEqual({
      ok: false,
      error: { code: 'INVALID', message: 'Invalid input: body.csv: The file is empty' },
    });
  });

  it('spend: a month is set and listed; a bad month is refused with its text', async () => {
    await signIn('admin@demo.example');
    const saved = await value<{ month: string; amount: number }>('business.setSpend', {
      params: { month: '2025-03' },
      body: { amount: 1234 },
    });
    expect(saved).toMatchObject({ month: '2025-03', amount: 1234 });
    const spend = await value<{ month: string }[]>('business.listSpend');
    expect(spend.some((m) => m.month === '2025-03')).toBe(true);
    expect(
      await call('business.setSpend', { params: { month: '2025-13' }, body: { amount: 1 } }),
    ).toMatchObject({
      ok: false,
      error: { code: 'INVALID', message: expect.stringContaining('params.month') },
    });
  });
});
