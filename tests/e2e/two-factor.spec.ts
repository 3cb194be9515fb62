import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { DEMO, expect, openConsole, signIn, test } from './fixtures';

const STEP_MS = 30_000;

/** The code an authenticator app would show, from the secret the screen shows (in groups of four). */
async function codeFromScreen(page: Page, offsetMs = 0): Promise<{ secret: string; code: string }> {
  const secret = (await page.getByLabel('Secret key').inputValue()).replace(/\s/g, '');
  return { secret, code: codeFor(secret, offsetMs) };
}
const codeFor = (secret: string, offsetMs = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetMs });

async function expectNoSeriousAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const mainNavigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByLabel('Email Address')).toBeVisible();
}

test('enrol, require two-factor, sign in with a code; a user without it enrols at sign-in', async ({
  page,
  freshHost: host,
}) => {
  test.setTimeout(240_000);
  await openConsole(page, host);
  await signIn(page, DEMO.admin);
  await expect(mainNavigation(page)).toBeVisible({ timeout: 60_000 });

  // The admin's own authenticator, from the header.
  await page.getByRole('button', { name: 'Two-factor sign-in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Two-factor sign-in' });
  await expect(dialog.getByText('Not set up')).toBeVisible();
  await dialog.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const { secret, code } = await codeFromScreen(page);
  await dialog.getByLabel('Authentication code').fill(code);
  await dialog.getByRole('button', { name: 'Verify and enable' }).click();
  await expect(dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await dialog.getByRole('button', { name: 'Done' }).click();

  // Required for everyone.
  await page.goto(`${host.origin}/#/settings`);
  await page.getByRole('tab', { name: 'Security' }).click();
  const required = page.getByRole('switch', { name: 'Two-factor authentication required' });
  await required.click();
  await expect(required).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByRole('button', { name: 'Saved!' })).toBeVisible();

  // Signing in again asks for a code. The enrolment used this step's code: the next step's is accepted.
  await logOut(page);
  await signIn(page, DEMO.admin);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByLabel('Authentication code').fill('000000' === codeFor(secret) ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid two-factor code');
  await page.getByLabel('Authentication code').fill(codeFor(secret, STEP_MS));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(mainNavigation(page)).toBeVisible();

  // Someone without an authenticator sets one up before reaching the console.
  await logOut(page);
  await signIn(page, DEMO.owner);
  await expect(page.getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByLabel('Authentication code').fill((await codeFromScreen(page)).code);
  await page.getByRole('button', { name: 'Verify and enable' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'Continue to the console' }).click();
  await expect(mainNavigation(page)).toBeVisible();
});
