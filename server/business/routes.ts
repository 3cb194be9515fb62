import { businessEndpoints } from '../../shared/api/business';
import { ERRORS, formatError } from '../../shared/errors';
import type { ServerContext } from '../context';
import { budgetsOf, breakdownOf, loadPeriods, recommendationsOf, scoreOf, trendOf } from './cost';
import { describeCsvErrors, parseCostCsv } from './cost-csv';
import { businessFigures } from './dashboard';
import { HttpError } from '../http/errors';
import type { Route } from '../http/router';
import { createHealthProbe } from './health';
import { acquisitionSpendOf, listAcquisitionSpend, saveAcquisitionSpend, upsertCloudCosts } from './store';

const spendRow = (row: { month: string; amountCents: number; updatedAt: Date }) => ({
  month: row.month.slice(0, 7),
  amount: row.amountCents / 100,
  updatedAt: row.updatedAt.toISOString(),
});

/** The executive dashboard, the server's health, the cloud cost screen and their inputs (issue 6). */
export function registerBusinessRoutes(route: Route, ctx: ServerContext): void {
  const now = () => ctx.config.now();
  const health = createHealthProbe(ctx);

  route(businessEndpoints.platformDashboard, async ({ query }) =>
    businessFigures(ctx.db, now(), query.period, null),
  );
  route(businessEndpoints.organizationDashboard, async ({ query, tenant }) =>
    businessFigures(ctx.db, now(), query.period, tenant().organizationId),
  );
  route(businessEndpoints.serverHealth, async () => health());

  route(businessEndpoints.costTrend, async ({ query }) =>
    trendOf(await loadPeriods(ctx.db, query.period, now())),
  );
  route(businessEndpoints.costBreakdown, async ({ query }) =>
    breakdownOf(await loadPeriods(ctx.db, query.period, now()), query.period),
  );
  route(businessEndpoints.costRecommendations, async ({ query }) =>
    recommendationsOf(await loadPeriods(ctx.db, query.period, now())),
  );
  route(businessEndpoints.costScore, async ({ query }) =>
    scoreOf(await loadPeriods(ctx.db, query.period, now())),
  );
  route(businessEndpoints.costBudgets, async () => budgetsOf(ctx.db, now()));

  route(businessEndpoints.importCosts, async ({ body, audit }) => {
    audit.note({ details: { bytes: body.csv.length } });
    const parsed = parseCostCsv(body.csv);
    if (!parsed.ok) {
      audit.note({
        details: { bytes: body.csv.length, lines: parsed.errors.map((e) => e.line).slice(0, 50) },
      });
      throw new HttpError(
        400,
        formatError(ERRORS.costImportRefused, { errors: describeCsvErrors(parsed.errors) }),
      );
    }
    const dates = parsed.days.map((d) => d.date).sort();
    const from = dates[0] ?? '';
    const to = dates[dates.length - 1] ?? '';
    const values = parsed.days.flatMap((d) =>
      (Object.entries(d.amounts) as [keyof typeof d.amounts, number][]).map(([service, amountCents]) => ({
        date: d.date,
        service,
        amountCents,
      })),
    );
    // One transaction: a failure half-way leaves the earlier days as they were.
    await ctx.db.transaction(async (tx) => {
      await upsertCloudCosts(tx, values);
      await audit.record(tx, { details: { days: parsed.days.length, from, to } });
    });
    return { imported: parsed.days.length, from, to };
  });

  route(businessEndpoints.listSpend, async () => {
    const found = await listAcquisitionSpend(ctx.db);
    return found.map(spendRow);
  });

  route(businessEndpoints.setSpend, async ({ params, body, audit, session }) => {
    const month = `${params.month}-01`;
    const amountCents = Math.round(body.amount * 100);
    audit.note({ details: { month: params.month, amount: body.amount } });
    const at = new Date(now());
    const saved = await ctx.db.transaction(async (tx) => {
      const previous = await acquisitionSpendOf(tx, month);
      const row = await saveAcquisitionSpend(tx, { month, amountCents, at, userId: session().userId });
      await audit.record(tx, { details: { previousAmount: previous !== undefined ? previous / 100 : null } });
      return row;
    });
    if (!saved) throw new Error('the spend was not saved');
    return spendRow(saved);
  });
}
