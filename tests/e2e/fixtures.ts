import { test as base, expect, type Page, type TestInfo } from '@playwright/test';
import { DEMO_PASSWORD, makeDataDir, startHost, type RunningHost } from '../support/browser-host';

export { expect };
export { DEMO, DEMO_PASSWORD } from '../support/browser-host';

interface Fixtures {
  /** A browser host of its own, on its own data directory, for each test. */
  host: RunningHost;
  /** Restarts the host on the same data directory and answers the new one. */
  restartHost: () => Promise<RunningHost>;
}

export const test = base.extend<Fixtures & { dataDir: string }>({
  // eslint-disable-next-line no-empty-pattern
  dataDir: async ({}, use) => {
    const data = await makeDataDir();
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
      await current.stop();
      current = await startHost(dataDir);
      return current;
    });
    await current.stop();
    if (current !== host) await attachOutputOnFailure(testInfo, 'restarted host output', current);
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

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}
