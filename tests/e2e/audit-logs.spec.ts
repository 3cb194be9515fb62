import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import type { RunningHost } from '../support/browser-host';
import { DEMO, expect, openScreen, signInAs, test } from './fixtures';

/**
 * /audit-logs (part 2 §2, §4, §7) against the embedded server's demo trail: filters, search, sorting,
 * the details modal, the chain check, and Export Logs through the browser host (a download) compared
 * with what the table shows.
 */
async function openAuditLogs(page: Page, host: RunningHost): Promise<void> {
  await signInAs(page, host, DEMO.admin);
  await openScreen(page, 'Audit Logs');
  await expect(table(page).getByRole('row').nth(1)).toBeVisible();
}

const table = (page: Page) => page.getByRole('table', { name: 'Audit logs' });
const countLine = (page: Page) => page.getByTestId('audit-count');

/** The numbers of 'Showing x of y audit logs', read and parsed in one go (the line shows "…" while counting). */
async function counts(page: Page): Promise<{ shown: number; total: number }> {
  let parsed: { shown: number; total: number } | null = null;
  await expect
    .poll(async () => {
      const match = /Showing ([\d,]+) of ([\d,]+) audit logs/.exec(
        (await countLine(page).textContent()) ?? '',
      );
      const n = (s: string) => Number(s.replaceAll(',', ''));
      parsed = match ? { shown: n(match[1]!), total: n(match[2]!) } : null;
      return parsed !== null;
    })
    .toBe(true);
  return parsed!;
}

/** The rendered body rows (the virtual window), in order, as the cells' texts by column: read at once. */
/** Every rendered row passes, and there is at least one (an empty table is still loading). */
function everyRow(rows: Record<string, string>[], test: (row: Record<string, string>) => boolean): boolean {
  return rows.length > 0 && rows.every(test);
}

async function renderedRows(page: Page): Promise<Record<string, string>[]> {
  return table(page)
    .locator('[role="rowgroup"]')
    .nth(1)
    .getByRole('row')
    .evaluateAll((rows) =>
      rows
        .map((row) => ({
          top: row.getBoundingClientRect().top,
          cells: Object.fromEntries(
            Array.from(row.querySelectorAll<HTMLElement>('[data-column]')).map((cell) => [
              cell.dataset.column ?? '',
              cell.innerText.trim(),
            ]),
          ),
        }))
        .sort((a, b) => a.top - b.top)
        .map((row) => row.cells),
    );
}

const firstCell = (page: Page, column: string) =>
  table(page)
    .locator('[role="rowgroup"]')
    .nth(1)
    .getByRole('row')
    .first()
    .locator(`[data-column="${column}"]`);

test('filters, search, Clear Filters (n) and the empty state', async ({ page, sharedHost: host }) => {
  await openAuditLogs(page, host);
  const all = await counts(page);
  expect(all.shown).toBe(all.total);
  expect(all.total).toBeGreaterThan(1000);

  await page.getByLabel('Action').selectOption('LOGIN');
  await expect(page.getByRole('button', { name: 'Clear Filters (1)' })).toBeVisible();
  await expect.poll(async () => (await counts(page)).shown).toBeLessThan(all.total);
  // Rows and count come from separate calls: wait until the rows on screen are the filtered ones.
  await expect
    .poll(async () => everyRow(await renderedRows(page), (row) => row.action === 'LOGIN'))
    .toBe(true);

  await page.getByLabel('Status').selectOption('success');
  await expect(page.getByRole('button', { name: 'Clear Filters (2)' })).toBeVisible();
  await expect
    .poll(async () =>
      everyRow(await renderedRows(page), (row) => row.action === 'LOGIN' && row.status === 'success'),
    )
    .toBe(true);

  await page.getByRole('button', { name: 'Clear Filters (2)' }).click();
  await expect.poll(async () => (await counts(page)).shown).toBe(all.total);
  await expect(page.getByRole('button', { name: /Clear Filters/ })).toHaveCount(0);

  await page.getByLabel('Search audit logs').fill('dana DIRECTOR');
  await expect.poll(async () => (await counts(page)).shown).toBeLessThan(all.total);
  await expect
    .poll(async () => everyRow(await renderedRows(page), (row) => row.user === 'Dana Director'))
    .toBe(true);

  // Any field value (part 2 §5): an address shown in the table finds its records.
  await page.getByLabel('Search audit logs').fill('');
  await expect.poll(async () => (await counts(page)).shown).toBe(all.total);
  const address = ((await firstCell(page, 'ipAddress').textContent()) ?? '').trim();
  expect(address).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
  await page.getByLabel('Search audit logs').fill(address);
  await expect.poll(async () => (await counts(page)).shown).toBeLessThan(all.total);
  await expect
    .poll(async () => (await renderedRows(page)).some((row) => row.ipAddress === address))
    .toBe(true);

  await page.getByLabel('Search audit logs').fill('no-such-record-anywhere');
  await expect(page.getByText('No audit logs found matching your criteria')).toBeVisible();
  await expect(countLine(page)).toContainText('Showing 0 of');
});

test('sorts timestamp, user and action, toggling from ascending; opens and closes details', async ({
  page,
  sharedHost: host,
}) => {
  await openAuditLogs(page, host);
  const header = (name: string) => table(page).getByRole('columnheader', { name });

  await header('Action').getByRole('button').click();
  await expect(header('Action')).toHaveAttribute('aria-sort', 'ascending');
  await expect(firstCell(page, 'action')).toHaveText('CREATE');
  await header('Action').getByRole('button').click();
  await expect(header('Action')).toHaveAttribute('aria-sort', 'descending');
  await expect(firstCell(page, 'action')).toHaveText('UPDATE');

  await header('User').getByRole('button').click();
  await expect(header('User')).toHaveAttribute('aria-sort', 'ascending');
  await expect(firstCell(page, 'user')).toHaveText('Avery Admin');
  await expect(header('Action')).toHaveAttribute('aria-sort', 'none');

  await header('Timestamp').getByRole('button').click();
  await expect(header('Timestamp')).toHaveAttribute('aria-sort', 'ascending');

  const row = table(page).locator('[role="rowgroup"]').nth(1).getByRole('row').first();
  const action = (await row.locator('[data-column="action"]').innerText()).trim();
  await row.getByRole('button', { name: /^Details of / }).click();
  const dialog = page.getByRole('dialog', { name: 'Audit Log Details' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(action);
  await expect(dialog).toContainText(/Record #1 hash/);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
});

test('Verify integrity: the chain is intact and its head is shown', async ({ page, sharedHost: host }) => {
  await openAuditLogs(page, host);
  await page.getByRole('button', { name: 'Verify integrity' }).click();
  const panel = page.getByRole('region', { name: 'Integrity check' });
  await expect(panel).toContainText(/Chain intact: [\d,]+ records verified/);
  await expect(page.getByTestId('chain-head')).toHaveText(/^[0-9a-f]{64}$/);
});

test('Export Logs downloads the filtered, sorted rows as audit-logs.csv, matching the table', async ({
  page,
  freshHost: host,
}) => {
  await openAuditLogs(page, host);
  await page.getByLabel('Action').selectOption('UPDATE');
  await page.getByLabel('Severity').selectOption('high');
  await table(page).getByRole('columnheader', { name: 'User' }).getByRole('button').click();
  await expect(table(page).getByRole('columnheader', { name: 'User' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect.poll(async () => everyRow(await renderedRows(page), (r) => r.action === 'UPDATE')).toBe(true);
  const { shown } = await counts(page);
  const visible = await renderedRows(page);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Logs' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('audit-logs.csv');
  const text = await readFile((await download.path())!, 'utf8');
  expect(text.split('\r\n')[0]).toBe('timestamp,userName,action,resource,status,ipAddress');
  const rows = parse(text, { columns: true }) as Record<string, string>[];
  // The export ran after the list was read, and is itself a record, but not an UPDATE: same rows.
  expect(rows).toHaveLength(shown);
  expect(
    rows.slice(0, visible.length).map((r) => [r.userName, r.action, r.resource, r.status, r.ipAddress]),
  ).toEqual(visible.map((r) => [r.user, r.action, r.resource, r.status, r.ipAddress]));

  // The host hands each download out once.
  const again = await page.request.get(download.url());
  expect(again.status()).toBe(404);
});
