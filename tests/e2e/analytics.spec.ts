import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { AnalyticsRange, UserAnalytics } from '../../shared/api/usage';
import { DEMO, expect, openScreen, signInAs, test } from './fixtures';

/**
 * User Analytics (part 2 §2) on the console's own usage: the demo's 30 days of sessions, and the page
 * views this test makes by navigating, recorded through the main process.
 */

// Sign-in, three ranges and two axe runs: longer than the default on a busy machine.
test.describe.configure({ timeout: 180_000 });

/** The server's figures, through the page's own bridge (what the screen shows, asked directly). */
async function figures(page: Page, range: AnalyticsRange): Promise<UserAnalytics> {
  const result = await page.evaluate(
    (r) => window.consoleApi['usage.analytics']({ query: { range: r } }),
    range,
  );
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

const kpi = async (page: Page, key: keyof UserAnalytics['kpis']) =>
  Number(((await page.getByTestId(`kpi-${key}`).textContent()) ?? '').replace(/,/g, ''));

/** The screen itself; the shell around it (header, banner) is checked with the shell. */
async function expectClean(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('#main-content').analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('opens on the demo figures, in each range, clean under axe in both themes', async ({
  page,
  sharedHost: host,
}) => {
  await signInAs(page, host, DEMO.admin);
  // The console records its own use while the test runs: the screen shows one of the readings taken
  // around its load.
  const expectShown = async (range: AnalyticsRange, before: UserAnalytics) => {
    await expect(page.getByRole('table', { name: 'Traffic by day' }).getByRole('row')).toHaveCount(
      before.trend.length + 1,
    );
    const after = await figures(page, range);
    const shown = await kpi(page, 'totalSessions');
    expect([before.kpis.totalSessions, after.kpis.totalSessions]).toContain(shown);
    expect(await kpi(page, 'uniqueUsers')).toBe(after.kpis.uniqueUsers);
  };

  const week = await figures(page, '7d');
  await openScreen(page, 'User Analytics');
  await expect(page.getByLabel('Time range')).toHaveValue('7d');
  await expectShown('7d', week);
  for (const [range, label] of [
    ['30d', 'Last 30 Days'],
    ['90d', 'Last 90 Days'],
  ] as const) {
    const before = await figures(page, range);
    await page.getByLabel('Time range').selectOption({ label });
    await expectShown(range, before);
  }

  // The demo: about fifty console users over 30 days, fewer sessions at weekends.
  const month = await figures(page, '30d');
  expect(month.kpis.uniqueUsers).toBeGreaterThanOrEqual(40);
  expect(month.kpis.totalSessions).toBeGreaterThan(300);
  const perDay = (weekend: boolean) => {
    const days = month.trend.filter((d) => [0, 6].includes(new Date(d.date).getUTCDay()) === weekend);
    return days.reduce((sum, d) => sum + d.sessions, 0) / days.length;
  };
  expect(perDay(true)).toBeLessThan(perDay(false) / 2);

  for (const title of ['Traffic Trend', 'Engagement Metrics', 'Device Breakdown', 'Feature Usage']) {
    await expect(page.getByRole('region', { name: title })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Engagement Metrics' })).toContainText('Bounce Rate');
  await expect(page.getByRole('region', { name: 'Device Breakdown' })).toContainText('Desktop app');
  await expect(page.getByTestId('growth-badge').first()).toHaveText(/growth$/);
  await page.getByRole('button', { name: 'About Total Sessions' }).click();
  await expect(page.getByRole('tooltip')).toContainText('30 minutes without any event');
  await page.keyboard.press('Escape');

  await expectClean(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expectClean(page);
});

test('navigating the console adds page views that appear in analytics', async ({ page, freshHost: host }) => {
  // A fresh host (the worker's, put back to the demo): it adds usage.
  await signInAs(page, host, DEMO.admin);
  await openScreen(page, 'User Analytics');
  const start = await figures(page, '7d');

  for (const title of ['System Health', 'Audit Logs', 'Executive Dashboard', 'User Analytics']) {
    await openScreen(page, title);
  }
  // The batch leaves within 15 s of its first event.
  await expect
    .poll(async () => (await figures(page, '7d')).kpis.pageViews, { timeout: 40_000, intervals: [1000] })
    .toBeGreaterThanOrEqual(start.kpis.pageViews + 4);

  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect
    .poll(() => kpi(page, 'pageViews'), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(start.kpis.pageViews + 4);
});
