import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO, expect, openConsole, signIn, test } from './fixtures';

/**
 * Issue 10 §7 and §9: the About panel shows where the console keeps its data and its logs, the page's
 * uncaught errors land in that log folder, and the bell counts the undismissed alerts live and lists
 * them with their dismiss controls.
 */
const SEEDED = 5;
const CRITICAL = 'Suspicious Sign-in Attempts';

/** Every main log file's text in the host's log folder. */
async function mainLog(logDir: string): Promise<string> {
  const names = (await readdir(logDir).catch(() => [])).filter((name) => name.startsWith('main.'));
  const texts = await Promise.all(names.map((name) => readFile(path.join(logDir, name), 'utf8')));
  return texts.join('');
}

async function trayCount(page: Page, origin: string): Promise<number> {
  const response = await page.request.get(`${origin}/host/shell`);
  return ((await response.json()) as { trayCount: number }).trayCount;
}

test('About shows version, host, addresses, data and log folders; page errors reach that log', async ({
  page,
  host,
  dataDir,
}) => {
  await openConsole(page, host);
  await signIn(page, DEMO.admin);
  await expect(page.getByRole('heading', { name: 'Executive Dashboard' })).toBeVisible({ timeout: 60_000 });

  await page.getByRole('button', { name: 'About this console' }).click();
  const dialog = page.getByRole('dialog', { name: 'About Operations Console' });
  // The dialog element itself has no box (its panel is fixed-positioned): its title shows it.
  await expect(dialog.getByRole('heading', { name: 'About Operations Console' })).toBeVisible();
  const details = dialog.getByRole('definition');
  const logDir = path.join(dataDir, 'logs');
  await expect(details).toHaveText([
    '0.1.0',
    'Browser host',
    'Embedded on this computer, demo data',
    /^http:\/\/127\.0\.0\.1:\d+$/,
    /^http:\/\/127\.0\.0\.1:\d+$/,
    dataDir,
    logDir,
  ]);
  await expect(dialog.getByRole('term')).toHaveText([
    'Version',
    'Host',
    'Server',
    'Gateway',
    'Organization API',
    'Data folder',
    'Log folder',
  ]);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'About this console' })).toBeFocused();

  // The folder shown is where the host writes: its start, the sign-in, and the page's own errors.
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('diagnostics e2e: uncaught');
    });
    void Promise.reject(new Error('diagnostics e2e: unhandled rejection'));
  });
  // The two errors travel in two requests, in either order: wait for both.
  await expect
    .poll(() => mainLog(logDir))
    .toContain('Renderer error (window): Error: diagnostics e2e: uncaught');
  await expect
    .poll(() => mainLog(logDir))
    .toContain('Renderer error (unhandledrejection): Error: diagnostics e2e: unhandled rejection');
  const text = await mainLog(logDir);
  expect(text).toContain('Browser host listening on');
  expect(text).toContain('Signed in as admin@demo.example');
  // The embedded server's log is in the same folder.
  expect((await readdir(logDir)).some((name) => /^server\.\d{4}-\d{2}-\d{2}\.\d+\.log$/.test(name))).toBe(
    true,
  );
});

test.describe('on a first start', () => {
  // The demo's opening alerts arrive on a first start only.
  test.use({ firstStart: true });

  test('the bell counts the undismissed alerts live and opens them, with dismiss', async ({ page, host }) => {
    await openConsole(page, host);
    await signIn(page, DEMO.admin);
    await expect(page.getByRole('heading', { name: 'Executive Dashboard' })).toBeVisible({ timeout: 60_000 });

    // The demo alerts arrive two seconds apart: the count follows them, as the tray's does.
    const bell = page.getByRole('button', { name: `${SEEDED} unread alerts` });
    await expect(bell).toBeVisible({ timeout: 30_000 });
    await expect(bell.getByTestId('notification-count')).toHaveText(String(SEEDED));
    expect(await trayCount(page, host.origin)).toBe(SEEDED);

    await bell.click();
    const list = page.getByRole('list', { name: 'Unread alerts' });
    await expect(list.getByRole('listitem')).toHaveCount(SEEDED);
    await expect(list.getByRole('listitem').first()).toContainText('Scheduled Maintenance');

    await list.getByRole('button', { name: `Dismiss ${CRITICAL}` }).click();
    await expect(list.getByRole('listitem')).toHaveCount(SEEDED - 1);
    await expect(list).not.toContainText(CRITICAL);
    await expect(page.getByRole('button', { name: `${SEEDED - 1} unread alerts` })).toBeVisible();
    await expect.poll(() => trayCount(page, host.origin)).toBe(SEEDED - 1);
    // The banner is the same feed.
    await expect(page.getByTestId('alert-banner-counter')).toHaveText(new RegExp(`/ ${SEEDED - 1}$`));

    // The bell closes its panel again.
    await page.getByRole('button', { name: `${SEEDED - 1} unread alerts` }).click();
    await expect(list).toBeHidden();

    // Dismissed elsewhere (the banner): the bell follows, and a reload keeps the count.
    await page
      .getByRole('region', { name: 'Alerts', exact: true })
      .getByRole('button', { name: 'Dismiss alert' })
      .click();
    await expect(page.getByRole('button', { name: `${SEEDED - 2} unread alerts` })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: `${SEEDED - 2} unread alerts` })).toBeVisible({
      timeout: 30_000,
    });
  });
});
