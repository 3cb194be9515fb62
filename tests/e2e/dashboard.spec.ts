import type { Page } from '@playwright/test';
import { DEMO, expect, signInAs, test } from './fixtures';

/**
 * The executive dashboard (part 1 §2) on the embedded server's demo figures: the nine KPI cards with
 * their definitions, the header's date range driving the period, Refresh, and the server's health.
 */
const card = (page: Page, label: string) => page.getByRole('region', { name: label, exact: true });

test('opens on the demo figures, and the date range changes the period', async ({
  page,
  freshHost: host,
}) => {
  // A fresh host (the worker's, put back to the demo): it saves a spend.
  await signInAs(page, host, DEMO.admin);

  for (const label of [
    'Monthly Recurring Revenue',
    'Annual Run Rate',
    'Gross Margin',
    'Customer Acquisition Cost',
    'Customer Lifetime Value',
    'Monthly Churn',
    'Cloud Monthly Cost',
    'Active Centers',
    'Trial Conversion',
  ]) {
    await expect(card(page, label)).toBeVisible();
  }
  // The demo's cloud bill over the last 30 days: $1,870 (85 % of the $2,200 budget).
  await expect(page.getByTestId('kpi-cloudMonthlyCost')).toHaveText('$1,870');
  const mrr = (await page.getByTestId('kpi-mrr').textContent()) ?? '';
  expect(mrr).toMatch(/^\$\d{1,3}(,\d{3})*$/);
  const arr = Number(
    ((await page.getByTestId('kpi-annualRunRate').textContent()) ?? '').replace(/[$,]/g, ''),
  );
  expect(arr).toBeCloseTo(12 * Number(mrr.replace(/[$,]/g, '')), -2);

  // Each figure carries its definition.
  await card(page, 'Gross Margin').getByRole('button', { name: 'About Gross Margin' }).click();
  await expect(page.getByRole('tooltip')).toContainText('(revenue − cloud cost) ÷ revenue');

  await expect(page.getByRole('region', { name: 'Top Centers' }).getByRole('row')).not.toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Revenue by Plan' })).toContainText('Professional');
  await expect(page.getByRole('region', { name: 'System Health' })).toContainText('Embedded PGlite');
  await expect(page.getByRole('region', { name: 'Real-time Alerts' })).toBeVisible();

  // The header's date range drives the period: a year to date has other revenue than 30 days.
  const margin = card(page, 'Gross Margin');
  const monthly = await margin.textContent();
  await page.getByLabel('Date range').selectOption('ytd');
  await expect(page.getByText(/figures, year to date/)).toBeVisible();
  await expect(margin).not.toHaveText(monthly ?? '');
  await expect(page.getByTestId('kpi-cloudMonthlyCost')).toHaveText('$1,870');

  // Refresh asks the server again.
  const refetched = page.waitForResponse((r) => /\/bridge\/business(:|%3A)dashboard/i.test(r.url()));
  await page.getByRole('button', { name: 'Refresh' }).click();
  expect((await refetched).ok()).toBe(true);

  // An administrator's spend input moves the acquisition cost of the period.
  await page.getByLabel('Date range').selectOption('30d');
  const cac = card(page, 'Customer Acquisition Cost');
  await expect(cac).toContainText('new customers');
  const before = await cac.textContent();
  const spend = page.getByRole('region', { name: 'Sales & Marketing Spend' });
  await spend.getByLabel('Spend (USD)').fill('98765');
  await spend.getByRole('button', { name: 'Save spend' }).click();
  await expect(spend.getByRole('status')).toContainText('Saved $98,765.00');
  await expect(cac).not.toHaveText(before ?? '');
});

test("a center administrator sees their own organization's figures", async ({ page, freshHost: host }) => {
  // A fresh host (the worker's, put back to the demo): it opens on the director's default organization,
  // then switches (the host keeps the choice).
  await signInAs(page, host, DEMO.director);
  await expect(page.getByText(/Your organization's figures/)).toBeVisible();
  // Any member sees the organization's dashboard: the director is a viewer of the default organization.
  const switcher = page.getByRole('button', { name: /^Organization: / });
  await expect(switcher).toHaveAttribute('aria-label', 'Organization: Bright Horizons Kids Club');
  await expect(page.getByTestId('kpi-activeCenters')).toHaveText(/^[01]$/);
  await expect(page.getByText('Could not load the figures')).toHaveCount(0);
  await switcher.click();
  await page.getByRole('option', { name: 'Sunshine Early Learning' }).click();
  await expect(page.getByTestId('kpi-activeCenters')).toHaveText('1');
  await expect(page.getByRole('region', { name: 'Top Centers' })).toContainText('Sunshine Early Learning');
});
