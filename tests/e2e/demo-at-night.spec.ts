import { DEMO, expect, signInAs, openScreen, test } from './fixtures';
import { makeDataDir, startHost } from '../support/browser-host';

/**
 * A fresh console opened at 22:00 (issue 29): the build's demo snapshot is seeded at the start of its day;
 * a first start late in a later day used to chart a burst around midnight and then nothing. The server's
 * clock starts at 22:00 the day after today (CONSOLE_TEST_NOW, test builds only; in the future, so that
 * the tokens the server signs are still valid by the host's real clock), the page's clock too, and API
 * Performance's Last 24 Hours has requests in every one of its 96 points.
 */
const DAY_MS = 86_400_000;
const tomorrow = Math.floor(Date.now() / DAY_MS) * DAY_MS + DAY_MS;
const AT = new Date(tomorrow + 22 * 3_600_000);

test.use({ timezoneId: 'UTC' });

test("API Performance's Last 24 Hours is full when a fresh console is opened at 22:00", async ({ page }) => {
  test.setTimeout(300_000);
  const data = await makeDataDir();
  const host = await startHost(data.dir, {
    env: { CONSOLE_TEST_FAULTS: '1', CONSOLE_TEST_NOW: AT.toISOString() },
  });
  try {
    await page.clock.install({ time: AT });
    await signInAs(page, host, DEMO.admin);
    // The start fills the day up to 22:00 once it answers, an hour per transaction (seconds): a console
    // opened within them charts the hours filled so far; opened again, the whole day.
    await expect(async () => {
      await page.reload();
      await openScreen(page, 'API Performance');
      await page.getByLabel('Time range').selectOption('24h');
      const volume = page.getByRole('table', { name: /^Requests and errors by step/ });
      const rows = volume.locator('tbody tr');
      await expect(rows).toHaveCount(96, { timeout: 30_000 });
      // The last point is the quarter hour of 22:00; none of the 96 is without requests.
      await expect(rows.last().getByRole('rowheader')).toHaveText('22:00');
      const requests = await rows.locator('td:nth-child(2)').allTextContents();
      expect(requests.filter((n) => n.trim() === '0')).toEqual([]);
    }).toPass({ timeout: 120_000 });
  } finally {
    await host.stop();
    await data.remove();
  }
});
