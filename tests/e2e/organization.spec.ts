import type { Page } from '@playwright/test';
import type { RunningHost } from '../support/browser-host';
import { DEMO, expect, openConsole, openScreen, signInAs, test } from './fixtures';

/**
 * The organization switcher and the /organization screen (part 1 §4, part 2 §2–§9) against the
 * embedded server's demo dataset: director@demo.example owns the first organization; admin@demo.example
 * is a platform administrator who sees every organization.
 */
async function openOrganization(page: Page, tab?: string): Promise<void> {
  await openScreen(page, 'Organization');
  await expect(page.getByRole('tab', { name: 'Overview' })).toBeVisible();
  if (tab) await page.getByRole('tab', { name: tab }).click();
}

const switcher = (page: Page) => page.getByRole('button', { name: /^Organization: / });
const OWNED = 'Sunshine Early Learning';
/** director@demo.example manages this one (a member without billing or member management). */
const MANAGED = 'Little Acorns Childcare';
/** director@demo.example is a viewer here. */
const VIEWED = 'Bright Horizons Kids Club';

async function chooseOrganization(page: Page, name: string): Promise<void> {
  await expect(switcher(page)).toBeVisible();
  if ((await switcher(page).getAttribute('aria-label')) === `Organization: ${name}`) return;
  await switcher(page).click();
  await page.getByRole('option', { name }).click();
  await expect(switcher(page)).toHaveAttribute('aria-label', `Organization: ${name}`);
}

/** Signs the director in and opens the organization they own. */
async function asOwner(page: Page, host: RunningHost, tab?: string): Promise<void> {
  await signInAs(page, host, DEMO.director);
  await chooseOrganization(page, OWNED);
  await openOrganization(page, tab);
}

test('switching organization reloads the screen, and the choice survives a restart', async ({
  page,
  host,
  restartHost,
}) => {
  await signInAs(page, host, DEMO.admin);
  await expect(switcher(page)).toBeVisible();
  await openOrganization(page);
  const before = (await switcher(page).getAttribute('aria-label'))!.replace('Organization: ', '');

  await switcher(page).click();
  const options = page.getByRole('option');
  expect(await options.count()).toBeGreaterThan(1);
  const target = options.filter({ hasNotText: before }).first();
  const name = (await target.locator('span.truncate').textContent())!.trim();
  await target.click();
  await expect(switcher(page)).toHaveAttribute('aria-label', `Organization: ${name}`);
  // The screen reloads for the new organization: its name is in the overview.
  await expect(page.getByRole('region', { name: 'Organization details' })).toContainText(name);

  const next = await restartHost();
  await openConsole(page, next, '/organization');
  // The restarted host starts its embedded server again before the session can be verified.
  await expect(switcher(page)).toHaveAttribute('aria-label', `Organization: ${name}`, { timeout: 60_000 });
  await expect(page.getByRole('region', { name: 'Organization details' })).toContainText(name);
});

test('the owner invites a member: the form needs an email, then clears and closes', async ({
  page,
  freshHost: host,
}) => {
  await asOwner(page, host, 'Members');
  await page.getByRole('button', { name: 'Invite Member' }).click();
  const form = page.getByRole('form', { name: 'Invite member' });
  const email = form.getByLabel('Email');
  await expect(email).toHaveAttribute('type', 'email');
  await expect(form.getByLabel('Role')).toHaveValue('viewer');
  await expect(form.getByLabel('Role').locator('option')).toHaveText([
    'viewer',
    'operator',
    'manager',
    'admin',
  ]);
  const send = form.getByRole('button', { name: 'Send Invite' });
  await expect(send).toBeDisabled();
  await email.fill('new.teacher@demo.example');
  await form.getByLabel('Role').selectOption('operator');
  await send.click();
  await expect(form).toBeHidden();

  // Opened again, it starts empty with the default role.
  await page.getByRole('button', { name: 'Invite Member' }).click();
  await expect(form.getByLabel('Email')).toHaveValue('');
  await expect(form.getByLabel('Role')).toHaveValue('viewer');
});

test('the owner changes a role and removes a member; the owner cannot be removed', async ({
  page,
  freshHost: host,
}) => {
  await asOwner(page, host, 'Members');
  const table = page.getByRole('table');
  await expect(table.getByRole('row').nth(1)).toBeVisible();

  // The owner's row: removal disabled, with the reason.
  const ownerRow = table.getByRole('row').filter({ has: page.locator('[data-role-icon="owner"]') });
  await expect(ownerRow.getByRole('button', { name: /^Remove / })).toBeDisabled();
  await expect(ownerRow).toContainText('The owner cannot be removed or given another role');

  // Change the first changeable member's role.
  const roleSelect = table.getByRole('combobox', { name: /^Role of / }).first();
  const label = (await roleSelect.getAttribute('aria-label'))!;
  const memberName = label.replace('Role of ', '');
  const newRole = (await roleSelect.inputValue()) === 'manager' ? 'operator' : 'manager';
  await roleSelect.selectOption(newRole);
  await expect(table.getByRole('combobox', { name: label })).toHaveValue(newRole);
  await page.reload();
  await openOrganization(page, 'Members');
  await expect(page.getByRole('combobox', { name: label })).toHaveValue(newRole);

  // Remove that member.
  const rows = page.getByRole('table').getByRole('row');
  const count = await rows.count();
  await page.getByRole('button', { name: `Remove ${memberName}` }).click();
  await expect(rows).toHaveCount(count - 1);
  await expect(page.getByRole('button', { name: `Remove ${memberName}` })).toHaveCount(0);
});

test('the owner edits the branding; Save writes and leaves edit mode', async ({ page, freshHost: host }) => {
  await asOwner(page, host, 'Settings');
  await expect(page.getByText('Single sign-on (SSO)')).toBeVisible();
  await expect(page.getByText('Multi-factor authentication (MFA)')).toBeVisible();
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Company name').fill('Sunshine Learning Group');
  await page.getByLabel('Primary color').fill('#10b981');
  // Cancel throws the draft away.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Sunshine Learning Group')).toHaveCount(0);

  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Company name').fill('Sunshine Learning Group');
  await page.getByLabel('Primary color').fill('#10b981');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
  const settings = page.getByRole('region', { name: 'Organization settings' });
  await expect(settings).toContainText('Sunshine Learning Group');
  await expect(settings).toContainText('#10b981');
  await page.reload();
  await openOrganization(page, 'Settings');
  await expect(page.getByRole('region', { name: 'Organization settings' })).toContainText(
    'Sunshine Learning Group',
  );
});

test('a bad colour is refused and the server message shows next to the form', async ({
  page,
  sharedHost: host,
}) => {
  await asOwner(page, host, 'Settings');
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Primary color').fill('green');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toContainText('Use a colour like #3b82f6');
  await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
});

test('the owner sees billing and usage meters', async ({ page, sharedHost: host }) => {
  await asOwner(page, host, 'Billing');
  for (const label of ['Plan', 'Status', 'Current period', 'Billing email', 'Payment method', 'Expires']) {
    await expect(
      page.getByRole('region', { name: 'Billing' }).getByText(label, { exact: true }),
    ).toBeVisible();
  }
  await page.getByRole('tab', { name: 'Usage & Limits' }).click();
  for (const meter of ['Users', 'Metrics', 'Alerts', 'Storage']) {
    await expect(page.getByRole('meter', { name: meter })).toHaveAttribute(
      'data-color',
      /^(red|yellow|blue)$/,
    );
  }
  await expect(
    page.getByRole('region', { name: 'Feature access' }).getByRole('listitem').first(),
  ).toBeVisible();
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByRole('region', { name: 'Quick stats' })).toContainText(/\d+\.\d{2} MB/);
});

test('a manager sees no Billing tab and may not invite, change roles or edit', async ({
  page,
  sharedHost: host,
}) => {
  await signInAs(page, host, DEMO.director);
  await chooseOrganization(page, MANAGED);
  await openOrganization(page);
  await expect(page.getByRole('tab', { name: 'Usage & Limits' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Billing' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Members' }).click();
  await expect(page.getByRole('button', { name: 'Invite Member' })).toBeDisabled();
  await expect(page.getByText('You need permission to manage members')).toBeVisible();
  await expect(page.getByRole('combobox', { name: /^Role of / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('button', { name: 'Edit' })).toBeDisabled();
  await expect(page.getByText('You need permission to manage the organization')).toBeVisible();
});

test('a viewer sees no Billing tab and reads the organization without controls', async ({
  page,
  sharedHost: host,
}) => {
  await signInAs(page, host, DEMO.director);
  await chooseOrganization(page, VIEWED);
  await openOrganization(page);
  await expect(page.getByRole('tab', { name: 'Usage & Limits' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Billing' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Members' }).click();
  await expect(page.getByRole('button', { name: 'Invite Member' })).toBeDisabled();
  await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(0);
});
