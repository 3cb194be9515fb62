import type { Page } from '@playwright/test';
import type { RunningHost } from '../support/browser-host';
import { DEMO, expect, openScreen, signInAs, test } from './fixtures';

/** /cost-optimization (part 1 §2) on the demo's cloud cost, and the all-or-nothing CSV import. */
async function openCost(page: Page, host: RunningHost): Promise<void> {
  await signInAs(page, host, DEMO.admin);
  await openScreen(page, 'Cost Optimization');
}

const HEADER = 'date,total,lambda,dynamodb,s3,cloudfront,apigateway,others';

test('shows the demo: score 72/100, $2,200 budget at 85 %, and periods', async ({
  page,
  sharedHost: host,
}) => {
  await openCost(page, host);
  await expect(page.getByRole('button', { name: '30d' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('cost-score')).toHaveText('72/100');
  await expect(page.getByTestId('cost-total')).toHaveText('$1,870.00');
  const budgets = page.getByRole('region', { name: 'Budget Alerts' });
  await expect(budgets).toContainText('$1,870 of $2,200 (85%)');
  await expect(budgets.getByRole('status')).toContainText('85 % of the $2,200 monthly budget');
  await expect(page.getByRole('region', { name: 'Top Recommendations' }).getByRole('listitem')).toHaveCount(
    5,
  );
  const breakdown = page.getByRole('region', { name: 'Service Cost Breakdown' });
  await expect(breakdown.getByRole('row')).toHaveCount(7);
  await expect(breakdown.getByRole('row', { name: /Lambda/ })).toContainText('%');

  await page.getByRole('button', { name: '7d' }).click();
  await expect(page.getByRole('button', { name: '7d' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('cost-total')).not.toHaveText('$1,870.00');
  await page.getByRole('button', { name: '1y' }).click();
  // A year of data but not two: no previous year to compare with.
  await expect(page.getByRole('region', { name: 'Cost (1 year)' })).toContainText('n/a vs previous');
});

test('a cost CSV with one bad line is refused with its number; a good one is imported', async ({
  page,
  freshHost: host,
}) => {
  await openCost(page, host);
  const file = page.getByLabel(/Import cost CSV/);
  await file.setInputFiles({
    name: 'costs.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `${HEADER}\n2025-01-01,,1,1,1,1,1,1\n2025-01-02,,1,oops,1,1,1,1\n2025-01-03,,1,1,1,1,1,1\n`,
    ),
  });
  await expect(page.getByRole('alert')).toContainText('Nothing was imported: line 3: dynamodb: "oops"');

  await file.setInputFiles({
    name: 'costs.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${HEADER}\n2025-01-01,6.00,1,1,1,1,1,1\n2025-01-02,,1,2,1,1,1,1\n`),
  });
  await expect(page.getByRole('status').filter({ hasText: 'Imported' })).toHaveText(
    'Imported 2 days (2025-01-01 to 2025-01-02).',
  );
});
