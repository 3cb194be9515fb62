import { describe, expect, it } from 'vitest';
import { ERRORS, formatError } from '../../../shared/errors';
import { FIRST_DEMO_ORGANIZATION_ID } from '../../../server/seed/tenancy';
import { coreAgainstTestServer } from './core-against-server';

/** The business:* and cost:* handlers against the real server and its demo dataset. */
const { call, value, signIn } = coreAgainstTestServer();

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
      error: { code: 'INVALID' },
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
