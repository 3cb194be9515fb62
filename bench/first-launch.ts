import { performance } from 'node:perf_hooks';
import { setTimeout } from 'node:timers/promises';
import { makeDataDir, startHost } from '../tests/support/browser-host';
import { DAY_MS } from '../server/business/formulas';
import type { BenchResult } from './run';

const RUNS = 3;
/** The server's phases in the host's line: `… in 2400 ms (open database 900 ms, …)`. */
const PHASES = /in \d+ ms \((.*)\)/;

/**
 * Issue 29: a first launch, the built browser host on a new data folder. Measured from starting the host to
 * its embedded server listening (the host logs it), and to a first sign-in answered through the page's own
 * bridge, sent at once as an eager user would (main holds it until the server answers). The last run's
 * start-up phases, as the server reports them, go in the detail.
 *
 * Twice: as a user installs it, weeks after the build made its snapshot (the first start moves the demo by
 * those days: every table's dates rewritten), and on the build's own day (nothing to move), which is what a
 * developer sees after `npm run build`. The clock of the first is the test build's (CONSOLE_TEST_NOW).
 */
export async function measureFirstLaunch(): Promise<BenchResult[]> {
  const later = await firstLaunches({
    CONSOLE_TEST_FAULTS: '1',
    CONSOLE_TEST_NOW: new Date(Date.now() + INSTALLED_AFTER_DAYS * DAY_MS).toISOString(),
  });
  const buildDay = await firstLaunches({});
  return [
    {
      name: 'first launch → embedded server answers',
      value: later.ready.median,
      unit: 'ms',
      target: { max: 3000 },
      detail: `${INSTALLED_AFTER_DAYS} days after the build; median of ${RUNS}, new data folder each; runs ${later.ready.runs} ms; last: ${later.phases}`,
    },
    {
      name: 'first launch → first sign-in answered',
      value: later.signedIn.median,
      unit: 'ms',
      detail: `${INSTALLED_AFTER_DAYS} days after the build; sent at once; includes the password hash; runs ${later.signedIn.runs} ms`,
    },
    {
      name: 'first launch on the build day → server answers',
      value: buildDay.ready.median,
      unit: 'ms',
      detail: `nothing to move; runs ${buildDay.ready.runs} ms; last: ${buildDay.phases}`,
    },
    {
      name: 'first launch on the build day → first sign-in',
      value: buildDay.signedIn.median,
      unit: 'ms',
      detail: `runs ${buildDay.signedIn.runs} ms`,
    },
  ];
}

/** A first launch is this long after the build in the main figure: a release a few weeks old. */
const INSTALLED_AFTER_DAYS = 40;

interface Timings {
  median: number;
  runs: string;
}

async function firstLaunches(
  env: Record<string, string>,
): Promise<{ ready: Timings; signedIn: Timings; phases: string }> {
  const ready: number[] = [];
  const signedIn: number[] = [];
  let phases = '';
  for (let run = 0; run < RUNS; run++) {
    const data = await makeDataDir();
    const started = performance.now();
    const host = await startHost(data.dir, { waitForServer: false, env });
    try {
      const cookie = await openWithKey(host.url);
      const login = fetch(`${host.origin}/bridge/auth:login`, {
        method: 'POST',
        headers: { Cookie: cookie, Origin: host.origin, 'Content-Type': 'application/json' },
        body: JSON.stringify({ input: { email: 'admin@demo.example', password: 'demo-Console-2026' } }),
      }).then(async (answer) => {
        const result = (await answer.json()) as { ok: boolean; error?: { message: string } };
        if (!result.ok) throw new Error(`sign-in failed: ${result.error?.message}`);
        signedIn.push(performance.now() - started);
      });
      // The host logs the server's start-up line the moment its thread says it listens.
      let line: string | undefined;
      while (
        !(line = host
          .output()
          .split('\n')
          .find((l) => l.includes('Embedded server listening')))
      ) {
        await setTimeout(10);
      }
      ready.push(performance.now() - started);
      phases = PHASES.exec(line)?.[1] ?? '';
      await login;
    } finally {
      await host.stop();
      await data.remove();
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const runs = (values: number[]) => values.map((t) => t.toFixed(0)).join(', ');
  return {
    ready: { median: median(ready), runs: runs(ready) },
    signedIn: { median: median(signedIn), runs: runs(signedIn) },
    phases,
  };
}

/** The printed address trades its key for the bridge cookie. */
async function openWithKey(url: string): Promise<string> {
  const answer = await fetch(url, { redirect: 'manual' });
  const cookie = answer.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error('no bridge cookie');
  return cookie;
}
