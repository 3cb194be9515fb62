import type { Page } from '@playwright/test';
import { CHROMIUM_ARGS, WHOLE_CHROMIUM_PATH } from '../support/chromium';
import { DEMO, expect, signInAs, test } from './fixtures';

// The demo's opening alerts arrive on a first start only.
// With motion: the banner's rotation and fade are part of what this spec checks (the others reduce it).
// In the whole browser: the headless shell the other specs run in shows no browser Notification.
test.use({
  firstStart: true,
  reducedMotion: 'no-preference',
  launchOptions: { executablePath: WHOLE_CHROMIUM_PATH, args: CHROMIUM_ARGS },
});

/**
 * The alert banner (part 1 §2) end to end: the embedded server's demonstration alerts arrive through
 * its stream and the host's relay; previous/next wrap, the banner expands to at most 3 with the category
 * filter, dismissals hold across a reload, and the critical alert raised a desktop notification that
 * the browser host recorded, counted undismissed alerts in its tray and showed as a browser Notification.
 */
const SEEDED = 5;
const CRITICAL = 'Suspicious Sign-in Attempts';

interface ShellRecord {
  notifications: { title: string; body: string; priority: string }[];
  trayCount: number;
}

async function shellRecord(page: Page, origin: string): Promise<ShellRecord> {
  const response = await page.request.get(`${origin}/host/shell`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as ShellRecord;
}

const banner = (page: Page) => page.getByRole('region', { name: 'Alerts', exact: true });
const counter = (page: Page) => banner(page).getByTestId('alert-banner-counter');

async function position(page: Page): Promise<number> {
  const text = (await counter(page).textContent()) ?? '';
  return Number(text.split('/')[0]);
}

test('demo alerts arrive, navigate with wrap-around, expand, filter, dismiss; a critical one notifies', async ({
  page,
  context,
  host,
}) => {
  await context.grantPermissions(['notifications'], { origin: host.origin });
  // Records what the page shows as browser Notifications (the bridge script makes them).
  await page.addInitScript(() => {
    const shown: string[] = [];
    const Original = window.Notification;
    class Recorded extends Original {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        shown.push(title);
      }
    }
    Object.defineProperty(window, 'Notification', { value: Recorded });
    Object.defineProperty(window, 'shownNotifications', { value: shown });
  });

  await signInAs(page, host, DEMO.admin);

  // The seeded alerts, two seconds apart.
  await expect(counter(page)).toHaveText(new RegExp(`/ ${SEEDED}$`), { timeout: 30_000 });

  // Previous/next move one and wrap around both ways. A click restarts the 8 s rotation: after the
  // first one (and its fade), nothing moves but the clicks.
  await banner(page).getByRole('button', { name: 'Previous alert' }).click();
  await expect(banner(page).getByTestId('alert-banner-current')).toHaveClass(/opacity-100/);
  const start = await position(page);
  await banner(page).getByRole('button', { name: 'Next alert' }).click();
  await expect(counter(page)).toHaveText(`${(start % SEEDED) + 1} / ${SEEDED}`);
  for (let i = 0; i < SEEDED; i++) {
    if ((await position(page)) === 1) break;
    const before = await position(page);
    await banner(page).getByRole('button', { name: 'Next alert' }).click();
    await expect(counter(page)).not.toHaveText(`${before} / ${SEEDED}`);
  }
  await expect(counter(page)).toHaveText(`1 / ${SEEDED}`);
  await banner(page).getByRole('button', { name: 'Previous alert' }).click();
  await expect(counter(page)).toHaveText(`${SEEDED} / ${SEEDED}`);
  await banner(page).getByRole('button', { name: 'Next alert' }).click();
  await expect(counter(page)).toHaveText(`1 / ${SEEDED}`);

  // Expanded: at most 3, newest first; the filter narrows to a category.
  await banner(page).getByRole('button', { name: 'Expand alerts' }).click();
  const latest = banner(page).getByRole('list', { name: 'Latest alerts' });
  await expect(latest.getByRole('listitem')).toHaveCount(3);
  await expect(latest.getByRole('listitem').first()).toContainText('Scheduled Maintenance');
  await banner(page).getByLabel('Alert category').selectOption('security');
  await expect(latest.getByRole('listitem')).toHaveCount(1);
  await expect(latest).toContainText(CRITICAL);
  await expect(counter(page)).toHaveText('1 / 1');

  // The critical alert was notified (so were the two high ones); the tray counts the undismissed.
  const before = await shellRecord(page, host.origin);
  expect(before.notifications.map((n) => n.priority)).toEqual(['high', 'high', 'critical']);
  expect(before.notifications[2]).toMatchObject({ title: CRITICAL, priority: 'critical' });
  expect(before.trayCount).toBe(SEEDED);
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as { shownNotifications: string[] }).shownNotifications),
    )
    .toContain(CRITICAL);

  // Dismissed: gone from the banner and the tray count, and still dismissed after a reload.
  await latest.getByRole('button', { name: `Dismiss ${CRITICAL}` }).click();
  await expect(latest.getByRole('listitem')).toHaveCount(0);
  await banner(page).getByLabel('Alert category').selectOption('all');
  await expect(counter(page)).toHaveText(new RegExp(`/ ${SEEDED - 1}$`));
  await expect.poll(async () => (await shellRecord(page, host.origin)).trayCount).toBe(SEEDED - 1);

  await page.reload();
  await expect(counter(page)).toHaveText(new RegExp(`/ ${SEEDED - 1}$`), { timeout: 30_000 });
  await expect(banner(page)).not.toContainText(CRITICAL);

  // Dismissing the one shown: the count drops again.
  await banner(page).getByRole('button', { name: 'Dismiss alert' }).click();
  await expect(counter(page)).toHaveText(new RegExp(`/ ${SEEDED - 2}$`));
  await expect.poll(async () => (await shellRecord(page, host.origin)).trayCount).toBe(SEEDED - 2);
});

test('the recorded shell is closed to a page without the launch cookie', async ({
  sharedHost: host,
  playwright,
}) => {
  const stranger = await playwright.request.newContext();
  const response = await stranger.get(`${host.origin}/host/shell`);
  expect(response.status()).toBe(403);
  await stranger.dispose();
});
