import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page, Response } from '@playwright/test';
import { DEMO, expect, signIn, test } from './fixtures';
import type { RunningHost } from '../support/browser-host';

// The sign-in screen first (issue 18): what a cold browser loads before the form works, what the
// sign-in click starts loading, and the screen's accessibility in both themes. Each test opens its
// own browser context, so nothing comes from the cache of an earlier page.

const SCRIPT = /\.m?js$/;

async function coldPage(browser: Browser, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await browser.newContext({ colorScheme });
  return context.newPage();
}

/** The scripts the page received, in order, with their answers. */
function recordScripts(page: Page): Response[] {
  const scripts: Response[] = [];
  page.on('response', (response) => {
    if (SCRIPT.test(new URL(response.url()).pathname)) scripts.push(response);
  });
  return scripts;
}

async function openSignIn(page: Page, host: RunningHost): Promise<void> {
  await page.goto(host.url);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
}

test('the sign-in form works with at most four compressed scripts, none of the signed-in console', async ({
  browser,
  sharedHost: host,
}) => {
  const page = await coldPage(browser);
  const scripts = recordScripts(page);
  await openSignIn(page, host);
  const names = scripts.map((r) => new URL(r.url()).pathname);
  expect(names.length, names.join(', ')).toBeLessThanOrEqual(4);
  expect(names).toContain('/bridge.js');
  expect(names.join(' ')).not.toMatch(/AppLayout|DashboardPage|CartesianChart|DataTable/);
  for (const response of scripts) {
    expect(['br', 'gzip'], response.url()).toContain(await response.headerValue('content-encoding'));
  }
  await page.context().close();
});

test("the sign-in click fetches the dashboard's code while the password is checked", async ({
  browser,
  sharedHost: host,
}) => {
  const page = await coldPage(browser);
  await openSignIn(page, host);
  const order: string[] = [];
  page.on('request', (request) => {
    // The chunk's name, without its content hash (which may itself hold a dash).
    const chunk = /\/assets\/(AppLayout|DashboardPage)-/.exec(request.url())?.[1];
    if (chunk) order.push(`requested /assets/${chunk}`);
  });
  page.on('response', (response) => {
    if (response.url().endsWith('/bridge/auth%3Alogin')) order.push('signed in');
  });
  await signIn(page, DEMO.admin);
  await expect(page.getByTestId('kpi-mrr')).toHaveText(/^\$/, { timeout: 60_000 });
  // Both chunks were asked for before the sign-in's answer came back.
  expect(order.indexOf('signed in'), order.join(', ')).toBeGreaterThan(
    Math.max(order.indexOf('requested /assets/AppLayout'), order.indexOf('requested /assets/DashboardPage')),
  );
  expect(order.indexOf('requested /assets/AppLayout'), order.join(', ')).toBeGreaterThanOrEqual(0);
  expect(order.indexOf('requested /assets/DashboardPage'), order.join(', ')).toBeGreaterThanOrEqual(0);
  await page.context().close();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the sign-in screen has no serious or critical axe findings (${colorScheme})`, async ({
    browser,
    sharedHost: host,
  }) => {
    const page = await coldPage(browser, colorScheme);
    await openSignIn(page, host);
    // The host (its theme included) is shared with this worker's other tests: 'auto' follows the browser.
    await page.evaluate(() => window.consoleApi['settings:setTheme']({ theme: 'auto' }));
    if (colorScheme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join('; ')}`)).toEqual([]);
    await page.context().close();
  });
}
