import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { passwordPolicyError, passwordPolicyGaps } from '../../shared/settings';
import { gatewayTo, makeDataDir, startHost } from '../support/browser-host';
import { DEMO, expect, openScreen, signIn, signInAs, test } from './fixtures';

const NEW_PASSWORD = 'Invited-Secret-2026';

/** Serious and critical axe violations of the page as it is, in both themes. */
async function expectAccessible(page: Page, what: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => window.consoleApi['settings:setTheme']({ theme: t }), theme);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    // A theme change fades the colours (the buttons' `transition`): scanned mid-fade, a button's contrast is
    // neither theme's. Wait for the running transitions to end first (not for endless animations: spinners).
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation instanceof CSSTransition)
          .map((transition) => transition.finished.catch(() => undefined)),
      ),
    );
    // The shared alert banner is not this screen's: its muted text is being fixed at the token's source.
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .exclude('section[aria-label="Alerts"]')
      .analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 160)).join(' | ')}`),
      `${what} in the ${theme} theme`,
    ).toEqual([]);
  }
}

// A fresh host (the worker's, put back to the demo): it adds a user. A second host on the same server is
// the administrator's other desktop.
test('add a user → accept the invitation → sign in → suspend them → their console is signed out', async ({
  page,
  freshHost: host,
  browser,
}) => {
  test.setTimeout(600_000);
  const email = `e2e.invitee.${Date.now()}@example.test`;
  await signInAs(page, host, DEMO.admin);
  await openScreen(page, 'User Management');
  await expect(page.getByTestId('users-total')).not.toHaveText('—');
  await expect(page.getByRole('rowheader', { name: /Avery Admin/ })).toBeVisible();
  await expectAccessible(page, 'the users screen');
  // A fresh page after the long checks: the bridge's idle connections may have been closed meanwhile.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();

  await page.getByRole('button', { name: 'Add User' }).click();
  const form = page.getByRole('form', { name: 'Add User' });
  await form.getByLabel('Name').fill('Ivy Invitee');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Role').selectOption({ label: 'Center Admin' });
  await form.getByLabel('Center').selectOption({ label: 'Sunshine Early Learning' });
  await form.getByLabel('Phone').fill('+1 555 0100');
  await form.getByLabel('Location').fill('Austin, TX');
  await form.getByRole('button', { name: 'Add User' }).click();
  const link = await page.getByLabel('Link').inputValue();
  expect(link).toMatch(/#\/set-password\?token=[\w-]{40,}$/);
  await page.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(email);
  const row = page.getByRole('row', { name: /Ivy Invitee/ });
  await expect(row.getByText('Pending')).toBeVisible();
  await expect(row.getByText('Never')).toBeVisible();

  // The invitee opens the link on this desktop (the browser host's console), signed out.
  await page.evaluate(() => window.consoleApi['auth:logout']());
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set your password' })).toBeVisible();
  await expectAccessible(page, 'the set-password screen');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Set your password' })).toBeVisible();
  await page.getByLabel('New password').fill('short');
  await page.getByLabel('Confirm password').fill('short');
  await page.getByRole('button', { name: 'Set Password' }).click();
  // The platform's policy in force (the settings' default, strong) names what the password lacks.
  await expect(
    page.getByText(passwordPolicyError('strong', passwordPolicyGaps('strong', 'short'))),
  ).toBeVisible();
  await page.getByLabel('New password').fill(NEW_PASSWORD);
  await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByText(`Your password is set for ${email}.`)).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await signIn(page, email, NEW_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Executive Dashboard' })).toBeVisible({ timeout: 60_000 });

  // The administrator, at another desktop on the same server, suspends them.
  const gatewayUrl = (await page.evaluate(() => window.consoleApi['app:info']())) as {
    ok: true;
    value: { gatewayUrl: string };
  };
  const data = await makeDataDir();
  const gateway = await gatewayTo(gatewayUrl.value.gatewayUrl);
  const other = await startHost(data.dir, {
    env: { CONSOLE_GATEWAY_URL: gateway.url },
    waitForServer: false,
  });
  try {
    const adminPage = await (await browser.newContext()).newPage();
    await signInAs(adminPage, other, DEMO.admin);
    await openScreen(adminPage, 'User Management');
    await adminPage.getByRole('searchbox', { name: 'Search users' }).fill(email);
    await adminPage.getByRole('button', { name: 'Suspend Ivy Invitee' }).click();
    await expect(adminPage.getByRole('row', { name: /Ivy Invitee/ }).getByText('Suspended')).toBeVisible();
    await adminPage.context().close();
  } finally {
    await other.stop();
    await data.remove();
    await gateway.close();
  }

  // Their console is signed out: by its next call (Refresh), or already by a call it made meanwhile in the
  // background (the alerts' poll got a 401 and main pushed 'auth:expired'; then there is no Refresh to click).
  const signInButton = page.getByRole('button', { name: 'Sign In' });
  const refresh = page.getByRole('button', { name: 'Refresh' });
  await expect(refresh.or(signInButton)).toBeVisible({ timeout: 30_000 });
  if (!(await signInButton.isVisible())) {
    // Signed out between the two looks: the click finds no button, and the sign-in form is checked below.
    await refresh.click({ timeout: 10_000 }).catch(() => undefined);
  }
  await expect(signInButton).toBeVisible({ timeout: 30_000 });
  await signIn(page, email, NEW_PASSWORD);
  await expect(page.getByText('This account is disabled. Contact an administrator.')).toBeVisible();
});
