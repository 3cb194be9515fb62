import { cpSync } from 'node:fs';
import { test as base, expect, type Page, type TestInfo } from '@playwright/test';
import type { ConsoleApi } from '../../shared/bridge/contract';
import { TEST_RESET_PATH } from '../../shared/constants';
import { DEMO, DEMO_PASSWORD, makeDataDir, startHost, type RunningHost } from '../support/browser-host';

declare global {
  interface Window {
    consoleApi: ConsoleApi;
  }
}

export { expect };
export { DEMO, DEMO_PASSWORD } from '../support/browser-host';

/**
 * The worker's one browser host, reused by every test that is not about a host's own life. Its data folder
 * starts as a copy of the worker's pristine one (`pristineDataDir`: the demo after its first start, made
 * once per worker), and a test build's reset (main/browser/test-reset.ts: the host stops its core, puts the
 * pristine folder's contents back, starts its core again) brings it back there between tests, without a new
 * process. `freshHost` (destructured as `{ freshHost: host }`): for a test that changes data or the host's
 * state (theme, chosen organization): the host reset if an earlier test used it. `sharedHost`: for a test
 * that only reads: reset only if an earlier test changed it, else signed out. A browser host is one desktop:
 * its session belongs to the host, not to the page, so the tests of a worker run one after another (a
 * worker runs one test at a time) and each starts at the sign-in form.
 *
 * `host`: a host of the test's own, on its own copy of the pristine folder, for a test about a host's own
 * life — a restart (`restartHost`), a first start (`test.use({ firstStart: true })`: an empty folder, the
 * demo's opening alerts), the data folder on disk (`dataDir`).
 */
interface Fixtures {
  host: RunningHost;
  /** Restarts the host on the same data directory and answers the new one. */
  restartHost: () => Promise<RunningHost>;
  sharedHost: RunningHost;
  freshHost: RunningHost;
  /** The test's own host starts on an empty folder: a first start (the demo's opening alerts and all). */
  firstStart: boolean;
}

interface WorkerFixtures {
  workerHost: ReusedHost;
  /** The demo's data after a first start of a host, stopped: copied for each test's own host. */
  pristineDataDir: string;
}

/** The worker's host, and what tests did with it since it was last put back. */
interface ReusedHost {
  host: RunningHost;
  /** A test used it (a sign-in alone leaves its traces: the session, the audit trail). */
  used: boolean;
  /** A test changed its data or its state. */
  changed: boolean;
  /** Puts the pristine folder back under the running host (main/browser/test-reset.ts). */
  reset(): Promise<void>;
}

export const test = base.extend<Fixtures & { dataDir: string }, WorkerFixtures>({
  firstStart: [false, { option: true }],
  dataDir: async ({ pristineDataDir, firstStart }, use) => {
    const data = await makeDataDir();
    // cpSync: its recursion is native, ~8 times less CPU than fs.promises.cp for a data folder.
    if (!firstStart) cpSync(pristineDataDir, data.dir, { recursive: true });
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
      cpSync(pristineDataDir, data.dir, { recursive: true });
      const host = await startHost(data.dir, { env: { CONSOLE_TEST_RESET_FROM: pristineDataDir } });
      const reused: ReusedHost = {
        host,
        used: false,
        changed: false,
        async reset() {
          const response = await fetch(`${host.origin}${TEST_RESET_PATH}?key=${launchKey(host)}`, {
            method: 'POST',
          });
          if (!response.ok) throw new Error(`the host's reset failed: ${await response.text()}`);
          reused.used = false;
          reused.changed = false;
        },
      };
      await use(reused);
      await host.stop();
      await data.remove();
    },
    // A start can take most of a minute on a busy machine; this one is paid once per worker.
    { scope: 'worker', timeout: 120_000 },
  ],
  sharedHost: async ({ workerHost, page }, use, testInfo) => {
    if (workerHost.changed) await workerHost.reset();
    workerHost.used = true;
    // Whoever the previous test left signed in, this one starts at the sign-in form.
    await page.goto(workerHost.host.url);
    await page.evaluate(() => window.consoleApi['auth:logout']());
    await use(workerHost.host);
    await attachOutputOnFailure(testInfo, 'shared host output', workerHost.host);
  },
  freshHost: async ({ workerHost }, use, testInfo) => {
    // As a host of its own would be: the pristine folder, nobody signed in.
    if (workerHost.used) await workerHost.reset();
    workerHost.used = true;
    workerHost.changed = true;
    pristineHosts.add(workerHost.host);
    await use(workerHost.host);
    await attachOutputOnFailure(testInfo, 'shared host output', workerHost.host);
  },
});

/** The worker hosts a `freshHost` test got on the pristine demo: no console has opened its alert stream yet. */
const pristineHosts = new WeakSet<RunningHost>();

/** The launch key of the host's printed address. */
const launchKey = (host: RunningHost) => new URL(host.url).searchParams.get('key') ?? '';

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
 * Opens the console, signs in and waits for the dashboard (the embedded server may take a while to
 * start on a busy machine) and for the alert feed's first answer: the banner it brings appears above the
 * navigation and moves it down, and a click aimed at a link just before lands on the one above it.
 */
export async function signInAs(page: Page, host: RunningHost, email: string): Promise<void> {
  await openConsole(page, host);
  await signIn(page, email);
  await expect(page.getByRole('heading', { name: 'Executive Dashboard' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('button', { name: /unread alert/ })).not.toHaveAttribute('aria-busy', 'true');
  // On a host put back to the pristine demo, the demo's alerts start arriving once this console opens its
  // stream (server/alerts/demo.ts), and the banner's arrival moves the page below it down: a click aimed
  // before it lands on what was there (a definition's tooltip not opened, a link missed, seen on a loaded
  // machine). The admin sees them: wait, once per reset. The first is a job the stream's opening sends.
  if (email === DEMO.admin && pristineHosts.delete(host))
    await expect(page.getByRole('region', { name: 'Alerts', exact: true })).toBeVisible({ timeout: 45_000 });
}

/** Follows a link of the main navigation and waits for the screen's title. */
export async function openScreen(page: Page, title: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}
