import { chromium } from '@playwright/test';
import { performance } from 'node:perf_hooks';
import { makeDataDir, startHost } from '../tests/support/browser-host';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/chromium';
import type { BenchResult } from './run';

/** Browser host start → login page interactive (Sign In visible), on a warm disk (best of the runs after the first). */
export async function measureLoginInteractive(): Promise<BenchResult[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const timings: number[] = [];
  try {
    for (let run = 0; run < 3; run++) {
      const data = await makeDataDir();
      const page = await browser.newPage();
      const started = performance.now();
      const host = await startHost(data.dir, { waitForServer: false });
      await page.goto(host.url);
      await page.getByRole('button', { name: 'Sign In' }).waitFor({ state: 'visible' });
      timings.push(performance.now() - started);
      await page.close();
      await host.stop();
      await data.remove();
    }
  } finally {
    await browser.close();
  }
  const warm = Math.min(...timings.slice(1));
  return [
    {
      name: 'host start → login interactive',
      value: warm,
      unit: 'ms',
      target: { max: 1500 },
      detail: `cold ${timings[0]!.toFixed(0)} ms; new data dir each run`,
    },
  ];
}
