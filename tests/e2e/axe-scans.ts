import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import type { Theme } from '../../shared/constants';
import { systemRole } from '../../shared/permissions';
import { CONSOLE_ROUTES, showsInNavigation } from '../../shared/routes';
import type { RunningHost } from '../support/browser-host';
import { DEMO, expect, openConsole, signIn, test } from './fixtures';

/**
 * Every screen stays clean under axe (issue 17): each route the super admin can open, derived from the
 * route table so a new screen is checked the day it is added, plus the open states a route visit does not
 * show. One spec file per theme (accessibility.spec.ts, accessibility-dark.spec.ts) so the two e2e workers
 * share the scans; each file runs in order in one worker, with one page that signs in once. Serious and
 * critical findings fail, one test per screen so a run lists every screen's findings; the scans are scoped
 * (see `findings`) to keep the files short.
 */

const superAdmin = systemRole('super_admin');
if (!superAdmin) throw new Error('the super_admin system role is missing');
export const ROUTES = CONSOLE_ROUTES.filter((route) =>
  showsInNavigation(route.guard, { role: superAdmin.id, permissions: superAdmin.permissions }),
);

/**
 * The serious and critical findings, one readable line each. `within` scopes the scan (the shell around
 * a screen is the same on every route, so it is scanned once per theme); `contrastOnly` runs only the
 * rules a theme can change. Only violations are collected: listing every passing node is most of axe's
 * time on a large screen.
 */
export async function findings(
  page: Page,
  { within, contrastOnly = false }: { within?: string; contrastOnly?: boolean } = {},
): Promise<string[]> {
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (within) builder.include(within);
  if (contrastOnly) builder.withRules(['color-contrast', 'link-in-text-block']);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Waits for what a user waits for: the screen's title and no spinner left. */
export async function settled(page: Page, title: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // A host's first minutes are its busiest (the demo's reports are generated at first start), and the first
  // read of a screen after a start is its slowest (API Performance reads every settled hour once: 5-8 s
  // measured on a loaded machine); scans wait for what shows, not for a fixed time.
  await expect(page.locator('[role="status"] .animate-spin')).toHaveCount(0, { timeout: 60_000 });
}

/** Turns the header's theme control until it shows the theme asked for (it cycles light → dark → auto). */
async function useTheme(page: Page, theme: Theme): Promise<void> {
  const toggle = page.getByRole('button', { name: /^Theme: / });
  for (let turn = 0; turn < 3; turn += 1) {
    if ((await toggle.getAttribute('aria-label')) === `Theme: ${theme}`) break;
    await toggle.click();
  }
  await expect(toggle).toHaveAttribute('aria-label', `Theme: ${theme}`);
  const html = page.locator('html');
  if (theme === 'dark') await expect(html).toHaveClass(/\bdark\b/);
  else await expect(html).not.toHaveClass(/\bdark\b/);
}

/** The signed-in page a theme's file scans with, and its worker's host. */
export interface AxeSession {
  page: Page;
  host: RunningHost;
  /** What axe found on the sign-in form, scanned before signing in (light theme's file only). */
  signInPageFindings: string[];
}

/**
 * Registers one theme's scans: every route, then the open states. The light theme runs every rule; the
 * dark one only what colours change (structure is the same in both).
 */
export function describeAxeScans(theme: Theme): AxeSession {
  // In order, in one worker, sharing one signed-in page; a failure does not skip the screens after it (the
  // next test then starts a new worker, which signs in again).
  test.describe.configure({ mode: 'default', timeout: 90_000 });

  let context: BrowserContext | undefined;
  // Filled by beforeAll, before any test reads it.
  const session = { signInPageFindings: [] } as unknown as AxeSession;

  test.beforeAll(async ({ browser, workerHost }) => {
    if (workerHost.changed) await workerHost.reset();
    workerHost.used = true;
    session.host = workerHost.host;
    // axe needs a page of a context the test made itself. With reduced motion asked for: the banner's
    // rotation stops and its 150 ms fade is a cut. With motion, a scan of the expanded banner that met a
    // rotation mid-fade measured the half-transparent alert's contrast and failed (a clean-clone run, dark
    // theme); contrast at rest is the same either way.
    context = await browser.newContext({ reducedMotion: 'reduce' });
    session.page = await context.newPage();
    const { page } = session;
    await openConsole(page, session.host);
    await page.evaluate(() => window.consoleApi['auth:logout']());
    await page.reload();
    await expect(page.getByLabel('Email Address')).toBeVisible();
    // The sign-in form opens in the default theme; sign-in-screen.spec.ts scans it in both.
    if (theme === 'light') session.signInPageFindings = await findings(page);
    await signIn(page, DEMO.admin);
    await expect(page.getByRole('heading', { name: 'Executive Dashboard' })).toBeVisible({ timeout: 60_000 });
  });

  test.afterAll(async () => {
    // The worker's host is shared: give it back with the default theme.
    if (context) await session.page.evaluate(() => window.consoleApi['settings:setTheme']({ theme: 'auto' }));
    await context?.close();
  });

  // The light theme runs every rule; the dark one only what colours change (structure is the same).
  const contrastOnly = theme === 'dark';

  for (const [index, route] of ROUTES.entries()) {
    test(`${route.path} is clean under axe in the ${theme} theme`, async () => {
      const { page, host } = session;
      await useTheme(page, theme);
      await page.goto(`${host.origin}/#${route.path}`);
      await settled(page, route.title);
      // The whole page on the first screen, the screen itself (main) on the others.
      const within = index === 0 ? undefined : 'main#main-content';
      expect(await findings(page, { within, contrastOnly })).toEqual([]);
    });
  }

  test(`open states are clean under axe in the ${theme} theme`, async () => {
    // Five scans in one test (2.7 minutes measured with the machine at a load of 30 on 2 cores).
    test.setTimeout(240_000);
    const { page, host } = session;
    await useTheme(page, theme);
    await page.goto(`${host.origin}/#/role-permissions`);
    await settled(page, 'Role & Permission Management');

    // A modal, with its form.
    await page.getByRole('button', { name: 'Create Role' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Role' });
    // The dialog element itself has no box (its panel is fixed): wait for what shows.
    await expect(dialog.getByLabel('Role Name')).toBeVisible();
    expect
      .soft(await findings(page, { within: '[role="dialog"]', contrastOnly }), `Create Role modal (${theme})`)
      .toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // The alert banner, expanded (the demonstration alerts arrive once the console listens).
    const banner = page.getByRole('region', { name: 'Alerts', exact: true });
    await banner.getByRole('button', { name: 'Expand alerts' }).click();
    await expect(banner.getByRole('list', { name: 'Latest alerts' })).toBeVisible();
    expect
      .soft(
        await findings(page, { within: 'section[aria-label="Alerts"]', contrastOnly }),
        `expanded banner (${theme})`,
      )
      .toEqual([]);
    await banner.getByRole('button', { name: 'Collapse alerts' }).click();

    // The organization switcher, open.
    await page.getByRole('button', { name: /^Organization: / }).click();
    await expect(page.getByRole('listbox')).toBeVisible();
    expect
      .soft(
        await findings(page, { within: '[role="listbox"]', contrastOnly }),
        `organization switcher (${theme})`,
      )
      .toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toBeHidden();

    // The notifications panel of the bell.
    await page.getByRole('button', { name: /unread alert/ }).click();
    const panel = page.getByLabel('Notifications', { exact: true });
    await expect(panel).toBeVisible();
    expect
      .soft(
        await findings(page, { within: '[aria-label="Notifications"]', contrastOnly }),
        `notifications panel (${theme})`,
      )
      .toEqual([]);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    // The navigation drawer, a side panel of narrow windows.
    const size = page.viewportSize();
    await page.setViewportSize({ width: 800, height: 900 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer.getByRole('button', { name: 'Close menu' })).toBeVisible();
    expect
      .soft(await findings(page, { within: '[role="dialog"]', contrastOnly }), `navigation drawer (${theme})`)
      .toEqual([]);
    await drawer.getByRole('button', { name: 'Close menu' }).click();
    await expect(drawer).toBeHidden();
    if (size) await page.setViewportSize(size);
  });

  return session;
}
