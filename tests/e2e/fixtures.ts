import { cp } from 'node:fs/promises';
import { test as base, expect, type Page, type TestInfo } from '@playwright/test';
import type { ConsoleApi } from '../../shared/bridge/contract';
import { DEMO_PASSWORD, makeDataDir, startHost, type RunningHost } from '../support/browser-host';

declare global {
  interface Window {
    consoleApi: ConsoleApi;
  }
}

export { expect };
export { DEMO, DEMO_PASSWORD } from '../support/browser-host';

/**
 * Two ways to get a host, chosen by the fixture a test names. `host`: a browser host of its own, on its
 * own data directory, for a test that changes data (or the host's own state: theme, chosen organization,
 * a restart). That directory is a copy of the worker's pristine one (`pristineDataDir`: the demo after
 * its first start, made once per worker), so a test's host starts as a console opened again, without
 * the first start's unpacking, migrating, moving of dates and sealing (6.6 s → 3.5 s on a quiet machine).
 * A test about what only a first start does (the demo alerts' opening sequence) asks for an empty folder
 * with `test.use({ firstStart: true })`. `sharedHost` (destructured as `{ sharedHost: host }`): the worker's one host, for a test
 * that only reads — one host start per worker instead of one per test. A browser host is one desktop: its
 * session belongs to the host, not to the page, so the tests sharing it run one after another (a worker
 * runs one test at a time) and each starts by signing the host out.
 */
interface Fixtures {
  host: RunningHost;
  /** Restarts the host on the same data directory and answers the new one. */
  restartHost: () => Promise<RunningHost>;
  sharedHost: RunningHost;
  /** The test's own host starts on an empty folder: a first start (the demo's opening alerts and all). */
  firstStart: boolean;
}

interface WorkerFixtures {
  workerHost: RunningHost;
  /** The demo's data after a first start of a host, stopped: copied for each test's own host. */
  pristineDataDir: string;
}

export const test = base.extend<Fixtures & { dataDir: string }, WorkerFixtures>({
  firstStart: [false, { option: true }],
  dataDir: async ({ pristineDataDir, firstStart }, use) => {
    const data = await makeDataDir();
    if (!firstStart) await cp(pristineDataDir, data.dir, { recursive: true });
    await use(data.dir);
    await data.remove();
  },
  host: async ({ dataDir }, use, testInfo) => {
    const host = await startHost(dataDir);
    await use(host);
    await host.stop();
    await attachOutputOnFailure(testInfo, 'host output', host);
  },
  restartHost: async ({ host, dataDir }, use, testInfo) => {
    let current = host;
    await use(async () => {
      // A restart pays a whole host start (most of a minute on a busy machine; 43 s seen in CI): the test
      // that asks for one gets that time on top of its own.
      testInfo.setTimeout(testInfo.timeout + 90_000);
      await current.stop();
      current = await startHost(dataDir);
      return current;
    });
    await current.stop();
    if (current !== host) await attachOutputOnFailure(testInfo, 'restarted host output', current);
  },
  pristineDataDir: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const data = await makeDataDir();
      await (await startHost(data.dir)).stop();
      await use(data.dir);
      await data.remove();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  workerHost: [
    async ({ pristineDataDir }, use) => {
      const data = await makeDataDir();
      await cp(pristineDataDir, data.dir, { recursive: true });
      const host = await startHost(data.dir);
      await use(host);
      await host.stop();
      await data.remove();
    },
    // A start can take most of a minute on a busy machine; this one is paid once per worker.
    { scope: 'worker', timeout: 120_000 },
  ],
  sharedHost: async ({ workerHost, page }, use, testInfo) => {
    // Whoever the previous test left signed in, this one starts at the sign-in form.
    await page.goto(workerHost.url);
    await page.evaluate(() => window.consoleApi['auth:logout']());
    await use(workerHost);
    await attachOutputOnFailure(testInfo, 'shared host output', workerHost);
  },
});

/** A failed test carries its host's log (an embedded server that did not start shows only there). */
async function attachOutputOnFailure(testInfo: TestInfo, name: string, host: RunningHost): Promise<void> {
  if (testInfo.status === testInfo.expectedStatus) return;
  await testInfo.attach(name, { body: host.output(), contentType: 'text/plain' });
}

/** Opens the console with the launch key (which sets the bridge cookie) and lands on a route. */
export async function openConsole(page: Page, host: RunningHost, route = '/'): Promise<void> {
  await page.goto(host.url);
  if (route !== '/') await page.goto(`${host.origin}/#${route}`);
}

/** Fills and sends the sign-in form; for tests about signing in itself. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * Opens the console, signs in and waits for the dashboard: the embedded server may take a while to
 * start on a busy machine.
 */
export async function signInAs(page: Page, host: RunningHost, email: string): Promise<void> {
  await openConsole(page, host);
  await signIn(page, email);
  await expect(page.getByRole('heading', { name: 'Executive Dashboard' })).toBeVisible({ timeout: 60_000 });
}

/** Follows a link of the main navigation and waits for the screen's title. */
export async function openScreen(page: Page, title: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}
