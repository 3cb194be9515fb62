import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { DEMO, expect, openScreen, signInAs, test } from './fixtures';

async function platformName(page: Page): Promise<string> {
  await openScreen(page, 'System Settings');
  const field = page.getByLabel('Platform name');
  await expect(field).toBeVisible();
  return field.inputValue();
}

test('Run Backup, verified by the restore test, tested again on request, then Restore with confirmation undoes a later change', async ({
  page,
  freshHost: host,
}) => {
  test.setTimeout(600_000);
  await signInAs(page, host, DEMO.admin);
  const original = await platformName(page);

  await openScreen(page, 'Backup & Recovery');
  await page.getByRole('button', { name: 'Run Backup' }).click();
  await page.getByRole('tab', { name: 'Backup History' }).click();
  const history = page.getByRole('region', { name: 'Backup history' });
  await expect(history.getByText('Manual backup')).toBeVisible({ timeout: 120_000 });
  await expect(history.getByText('Success', { exact: true })).toBeVisible({ timeout: 300_000 });

  // The job runner tests the new point's restore in a scratch database.
  await page.getByRole('tab', { name: 'Recovery Points' }).click();
  const points = page.getByRole('region', { name: 'Recovery points' });
  await expect(points.getByText('Verified', { exact: true })).toBeVisible({ timeout: 300_000 });

  // Tested again on request: answered at once, the point's button held while the test runs, then its outcome.
  const testAgain = points.getByRole('button', { name: /^Test restore / }).first();
  await testAgain.click();
  await expect(testAgain).toHaveText('Testing…');
  await expect(testAgain).toHaveText('Test', { timeout: 300_000 });
  await expect(page.getByRole('status').filter({ hasText: 'Restore test verified' })).toBeVisible();
  await expect(points.getByText('Verified', { exact: true })).toBeVisible();

  // Download: the archive as stored, still encrypted with age.
  const downloading = page.waitForEvent('download');
  await points
    .getByRole('button', { name: /^Download / })
    .first()
    .click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^console-.*-full-[0-9a-f]{8}\.gz\.age$/);
  const archive = await readFile((await download.path())!);
  expect(archive.subarray(0, 21).toString()).toBe('age-encryption.org/v1');

  // A change after the backup.
  await openScreen(page, 'System Settings');
  await page.getByLabel('Platform name').fill('Changed after the backup');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByRole('button', { name: 'Saved!' })).toBeVisible();

  await openScreen(page, 'Backup & Recovery');
  await page.getByRole('tab', { name: 'Recovery Points' }).click();
  await points
    .getByRole('button', { name: /^Restore / })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Restore from a recovery point' });
  const confirm = dialog.getByRole('button', { name: 'Restore', exact: true });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Type RESTORE to confirm').fill('RESTORE');
  await confirm.click();
  // Accepted at once: the dialog closes and the page follows the restore's progress.
  await expect(dialog).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByRole('status').filter({ hasText: 'Restore completed and verified' })).toBeVisible({
    timeout: 300_000,
  });

  // A fresh load: the settings the restore brought back, not the screen's cached copy.
  await page.reload();
  await openScreen(page, 'System Settings');
  await expect(page.getByLabel('Platform name')).toHaveValue(original);
});

test('the daily restore test is shown (paused on an e2e host), edited in its dialog, and kept', async ({
  page,
  freshHost: host,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, host, DEMO.admin);
  await openScreen(page, 'Backup & Recovery');
  // E2E hosts start with CONSOLE_DEFAULT_BACKUPS=off: the stored default is paused, and says so.
  const card = page.getByRole('region', { name: 'Daily restore test' });
  await expect(card.getByText('Daily at 04:30 UTC')).toBeVisible();
  await expect(card.getByText('Last 7 days')).toBeVisible();
  await expect(card.getByText('Paused', { exact: true })).toBeVisible();

  await card.getByRole('button', { name: 'Edit restore test' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit daily restore test' });
  await dialog.getByLabel('Schedule (cron, UTC)').fill('15 6 * * 1');
  await expect(dialog.getByText('Mondays at 06:15 UTC')).toBeVisible();
  await dialog.getByLabel('Window (days)').fill('14');
  await dialog.getByLabel('Status').selectOption('active');
  await dialog.getByRole('button', { name: 'Save restore test' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card.getByText('Mondays at 06:15 UTC')).toBeVisible();
  await expect(card.getByText('Last 14 days')).toBeVisible();
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Pause restore test' })).toBeVisible();

  // Kept by the server, not only the screen: a fresh load shows it as saved.
  await page.reload();
  await openScreen(page, 'Backup & Recovery');
  await expect(card.getByText('Mondays at 06:15 UTC')).toBeVisible();
  await expect(card.getByText('Last 14 days')).toBeVisible();
  await card.getByRole('button', { name: 'Pause restore test' }).click();
  await expect(card.getByText('Paused', { exact: true })).toBeVisible();
});
