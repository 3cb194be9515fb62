import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { formatError } from '../../shared/errors';
import { SETTINGS_TEXTS } from '../../shared/settings';
import {
  embeddedServerUrl,
  gatewayTo,
  makeDataDir,
  startHost,
  type RunningHost,
} from '../support/browser-host';
import { DEMO, expect, openConsole, signIn, test } from './fixtures';

async function openSettings(page: Page, host: RunningHost, email = DEMO.admin) {
  await openConsole(page, host, '/settings');
  await signIn(page, email);
  await expect(page.getByRole('heading', { level: 1, name: 'System Settings' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByLabel('Platform name')).toBeVisible();
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByRole('button', { name: 'Saved!' })).toBeVisible();
  // Back to idle after 3 s (part 2 §4).
  await expect(page.getByRole('button', { name: 'Save Settings' })).toBeVisible({ timeout: 6_000 });
}

/** The screen itself (the shell around it is checked by the shell's own spec). */
async function expectNoSeriousAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('#main-content').analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('Save shows Saved!, the platform name reaches the header and title, and survives a reload; axe in both themes', async ({
  page,
  freshHost: host,
}) => {
  // Six axe passes on a machine shared by many sessions.
  test.setTimeout(240_000);
  await openSettings(page, host);
  const html = page.locator('html');
  const toggle = page.getByRole('button', { name: /^Theme:/ });
  for (const theme of ['light', 'dark'] as const) {
    for (let i = 0; i < 3 && (await html.getAttribute('data-theme')) !== theme; i++) await toggle.click();
    await expect(html).toHaveAttribute('data-theme', theme);
    // Every control kind of the screen: toggles, selects, inputs, the textarea, a disabled field, the panels.
    for (const tab of ['General', 'Security', 'Performance']) {
      await page.getByRole('tab', { name: tab }).click();
      await expectNoSeriousAxeViolations(page);
    }
  }

  await page.getByRole('tab', { name: 'General' }).click();
  await page.getByLabel('Platform name').fill('Sunrise Operations');
  await page.getByRole('tab', { name: 'Performance' }).click();
  await expect(page.getByLabel('Max requests per minute')).toBeDisabled();
  await page.getByLabel('Cache timeout (seconds)').fill('600');
  await save(page);
  await expect(page.getByRole('banner')).toContainText('Sunrise Operations');
  await expect(page).toHaveTitle('System Settings · Sunrise Operations');

  await page.reload();
  await expect(page.getByLabel('Platform name')).toHaveValue('Sunrise Operations');
  await page.getByRole('tab', { name: 'Performance' }).click();
  await expect(page.getByLabel('Cache timeout (seconds)')).toHaveValue('600');

  // A bad line is refused with its number; the label says Error for 3 s.
  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByLabel('IP whitelist').fill('127.0.0.0/8\n\nnot-a-range');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByRole('button', { name: 'Error' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Line 3 is not a CIDR range');
  await expect(page.getByRole('button', { name: 'Save Settings' })).toBeVisible({ timeout: 6_000 });
});

test('maintenance mode: a non-super admin is refused with the message, the super admin sees the banner', async ({
  page,
  freshHost: host,
}) => {
  await openSettings(page, host);
  await page.getByRole('switch', { name: 'Maintenance mode' }).click();
  await save(page);
  await expect(page.getByText(SETTINGS_TEXTS.maintenance)).toBeVisible();

  // The same desktop, another user: sign the administrator out first.
  await page.getByRole('button', { name: /Log out/ }).click();
  await signIn(page, DEMO.owner);
  await expect(page.getByText(SETTINGS_TEXTS.maintenance)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Executive Dashboard' })).toHaveCount(0);
});

test('IP whitelist: a second user at another address is refused with a clear message', async ({
  page,
  freshHost: host,
  browser,
}) => {
  await openSettings(page, host);
  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByLabel('IP whitelist').fill('127.0.0.1/32');
  await save(page);

  // The second desktop reaches the server through a gateway that connects from 127.0.0.2: to the server, it
  // comes from another address than the first (Linux answers the whole 127/8 on loopback).
  const relay = await gatewayTo(embeddedServerUrl(host), '127.0.0.2');
  const otherData = await makeDataDir();
  const other = await startHost(otherData.dir, {
    env: { CONSOLE_GATEWAY_URL: relay.url },
    waitForServer: false,
  });
  const context = await browser.newContext();
  try {
    const second = await context.newPage();
    await openConsole(second, other);
    await signIn(second, DEMO.owner);
    await expect(second.getByText(formatError(SETTINGS_TEXTS.ipRefused, { ip: '127.0.0.2' }))).toBeVisible();
    // The administrator, at an allowed address, keeps working.
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByLabel('IP whitelist')).toHaveValue('127.0.0.1/32');
  } finally {
    await context.close();
    await other.stop();
    await otherData.remove();
    await relay.close();
  }
});
