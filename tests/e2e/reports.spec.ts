import { readFile } from 'node:fs/promises';
import { DEMO, expect, openScreen, signInAs, test } from './fixtures';

/**
 * /reports (issue 14) in one flow on a fresh host: a report created from a template, generated (running,
 * then active), its file downloaded through the browser host, its figures charted in the side panel, and
 * listed on the Scheduled tab with its next run.
 */
test('creates a report from a template, generates it, downloads it and lists its schedule', async ({
  page,
  freshHost: host,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, host, DEMO.admin);
  await openScreen(page, 'Advanced Reporting');
  await expect(page.getByRole('region', { name: 'Report Details' })).toContainText('Select a Report');

  await page.getByRole('tab', { name: 'Templates' }).click();
  const templates = page.getByRole('list', { name: 'Report templates' });
  await expect(templates.locator(':scope > li')).toHaveCount(6);
  await expect(templates.locator(':scope > li').filter({ hasText: 'Financial Review' })).toContainText(
    '+7 more',
  );
  await page.getByRole('button', { name: 'Use Template Executive Summary' }).click();

  const dialog = page.getByRole('dialog', { name: 'Create Report' });
  await expect(dialog.getByLabel('Name')).toHaveValue('Executive Summary');
  await expect(dialog.getByRole('checkbox', { name: 'Monthly Recurring Revenue' })).toBeChecked();
  await dialog.getByLabel('Schedule').selectOption('weekly');
  await dialog.getByRole('button', { name: 'Create Report' }).click();
  await expect(dialog.getByRole('alert')).toContainText('A scheduled report needs at least one recipient');
  await dialog.getByLabel('Recipients').fill('board@example.com, cfo@example.com');
  await dialog.getByRole('button', { name: 'Create Report' }).click();
  await expect(dialog).toHaveCount(0);

  await page.getByRole('tab', { name: 'My Reports' }).click();
  const card = page
    .getByRole('list', { name: 'My Reports' })
    .getByRole('listitem')
    .filter({ hasText: 'Executive Summary' });
  await expect(card).toContainText('Weekly');
  await expect(card).toContainText('board@example.com, cfo@example.com');
  const actions = card.getByRole('group', { name: 'Actions for Executive Summary' });
  await actions.getByRole('button', { name: 'Generate Now' }).click();
  await expect(card).toContainText('Generating…');
  await expect(card).toContainText('Active', { timeout: 60_000 });
  await expect(card).toContainText(/KB/);

  const downloading = page.waitForEvent('download');
  await actions.getByRole('button', { name: 'Download', exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^executive-summary-\d{4}-\d{2}-\d{2}\.pdf$/);
  const file = await readFile((await download.path())!);
  expect(file.subarray(0, 5).toString()).toBe('%PDF-');

  const panel = page.getByRole('region', { name: 'Executive Summary' });
  await expect(panel).toContainText('Metrics included');
  await expect(panel).toContainText('Annual Run Rate');
  await expect(panel.getByTestId('chart-drawing')).toHaveCount(2);
  await expect(panel.getByRole('button', { name: 'Download Latest' })).toBeEnabled();

  await page.getByRole('tab', { name: 'Scheduled' }).click();
  const row = page.getByRole('row', { name: /Executive Summary/ });
  await expect(row).toContainText('Weekly');
  await expect(row).toContainText('PDF');
  await expect(row.getByRole('cell').nth(2)).toHaveText('2');
  await expect(row).not.toContainText('TBD');
  await expect(row).toContainText('Active');
});
