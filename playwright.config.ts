import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/support/chromium';

/**
 * The tests that wait on real minutes (the alerting chain: a rule's 1-minute window, the 1-minute mail
 * grouping, the slow minute leaving the window), nearly idle meanwhile: `npm test` runs this project beside
 * the unit stage, and the rest of the browser host's tests after it, when they have the cores to themselves.
 */
const REAL_MINUTES = /alerting-chain\.spec\.ts$/;

export default defineConfig({
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  // Three workers on this 2-core machine: each runs its own browser hosts and Chromium, and a worker spends
  // much of a test waiting (its host's server, its page, a timer). Back to back, the browser-host project
  // alone: 439 s with two workers, 339 and 358 s with three, 405 s with four, the same 92 tests; in whole
  // `npm test` runs the stage took 6:14 with two and 6:27 with three, within this machine's variance, so
  // the gain is small and uncertain. Hosts start on a copy of the worker's pristine folder, so the extra
  // worker's first start is cheap. E2E_WORKERS overrides it.
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 3,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // `npm test` runs the projects in two runs at once, each with its report (E2E_REPORT).
  reporter: [['list'], ['json', { outputFile: process.env.E2E_REPORT ?? 'test-reports/e2e.json' }]],
  use: {
    // No trace by default: recording one for every test (DOM snapshots at each action, kept on failure only)
    // cost the browser-host stage ~9 % of its time (5.7 → 5.2 min, two workers). A failed test still carries
    // its page's accessibility snapshot (error-context) and its host's log; `E2E_TRACE=1` records traces, kept
    // for the failed tests, without the screencast (its frames cost a fifth of a run's CPU).
    trace: process.env.E2E_TRACE ? { mode: 'retain-on-failure', screenshots: false } : 'off',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // Reduced motion, as an admin may ask for it: animations and transitions end at once, the banner does not
    // rotate (renderer/styles.css). The tests are about what the console shows and does; painting every
    // spinner's and fade's frames cost the stage ~8 % (5.2 → 4.8 min). The banner's own spec runs with motion.
    reducedMotion: 'reduce',
  },
  // Each project its own output folder: a run empties the folders of the projects it runs only.
  projects: [
    {
      name: 'browser-host',
      testDir: 'tests/e2e',
      testIgnore: REAL_MINUTES,
      outputDir: 'test-results/browser-host',
    },
    {
      name: 'real-minutes',
      testDir: 'tests/e2e',
      testMatch: REAL_MINUTES,
      outputDir: 'test-results/real-minutes',
    },
    { name: 'electron', testDir: 'tests/electron', outputDir: 'test-results/electron' },
  ],
});
