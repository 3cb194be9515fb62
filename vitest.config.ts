import { globSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * The server suites whose behaviour depends on the database engine, in one place (issue 26). They run on
 * PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL too (vitest project `engines`); every other
 * server suite runs on PGlite alone (project `server`): its routes, gates and SQL are the same statements
 * on either engine, and PGlite is the engine a developer has without setting anything up.
 *
 * A suite belongs here when what it proves rests on what only a real server has or does differently:
 * several connections at once (row locks, races on a unique key, a pool), LISTEN/NOTIFY between instances,
 * SKIP LOCKED and advisory locks (jobs, webhook claims), triggers kept summaries and the audit chain, COPY and
 * the backup formats, statement timeouts and lost connections, and SQL whose result depends on the version.
 */
const ENGINE_SUITES = [
  // Two instances evaluate at once: the lock decides who fires.
  'tests/integration/server/alerts/alerting.test.ts',
  // NOTIFY reaches the other instances' streams.
  'tests/integration/server/alerts/alerts-stream.test.ts',
  // The chain is sealed by a trigger.
  'tests/integration/server/audit/audit.test.ts',
  'tests/integration/server/audit/audit-trail.test.ts',
  // The principal cache is emptied by NOTIFY; a lost LISTEN connection.
  'tests/integration/server/auth/principals.test.ts',
  // Reservations race on a real pool.
  'tests/integration/server/auth/throttle.test.ts',
  'tests/integration/server/security/sign-in-burst.test.ts',
  'tests/integration/server/security/invitations.test.ts',
  // Each engine has its own backup format, restore and failure modes.
  'tests/integration/server/backups/**/*.test.ts',
  // Summaries kept by triggers.
  'tests/integration/server/business/business-summaries.test.ts',
  // Lost connections, statement timeouts.
  'tests/integration/server/db/**/*.test.ts',
  'tests/integration/server/http/timeouts.test.ts',
  // Webhook deliveries are claimed with SKIP LOCKED.
  'tests/integration/server/integrations/webhooks.test.ts',
  // pg-boss: SKIP LOCKED, advisory locks, takeover by another instance.
  'tests/integration/server/jobs/**/*.test.ts',
  // Roll-ups and windows in date arithmetic.
  'tests/integration/server/monitoring/**/*.test.ts',
  // Several requests create the same role at once.
  'tests/integration/server/roles/roles.test.ts',
  // Seeding, the anchor move and the intraday fill: the SQL of a first start.
  'tests/integration/server/seed/**/*.test.ts',
  // Settings reach other instances through NOTIFY; the rate limiter's counters under a pool.
  'tests/integration/server/settings/settings.test.ts',
  'tests/integration/server/settings/rate-limit.test.ts',
  // A report's temporary files on a full disk, per engine.
  'tests/integration/server/reports/disk-full.test.ts',
];

/**
 * The files outside the component project that replace a module with `vi.mock` (Electron's API, which
 * cannot run here): found by reading them, so a new one cannot be forgotten. They run in project `mocks`,
 * each file in a module graph of its own: in a shared one, the first file's mock of a module is the one
 * every later file gets.
 */
const MOCKING_FILES = globSync('tests/{unit,integration,security,cluster}/**/*.test.ts').filter((file) =>
  /\bvi\.(do)?[mM]ock\(/.test(readFileSync(file, 'utf8')),
);

export default defineConfig({
  test: {
    // Server tests open real databases (PGlite, and PostgreSQL when TEST_DATABASE_URL is set).
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One more fork than cores: the server suites spend much of their time waiting on timers, PostgreSQL
    // and child processes, so two forks leave the cores idle (npm test's unit stage: see the closing note).
    maxWorkers: 3,
    // A fork runs one test file after another in the same module graph instead of a new process and a new
    // import of the server for each file: the unit, server, engines and main projects 31 % faster (server
    // and unit projects alone: 162 → 111 s, the same 1,213 tests passing). Every suite builds its own app,
    // database and clock, so nothing a file needs lives in module state; the component and mocks projects
    // keep their isolation (jsdom, and state a renderer module keeps on purpose, such as failures logged
    // once; module mocks; the component project in a VM context per file).
    isolate: false,
    // One `npm run test:unit` runs them all; `npx vitest run --project server` (or unit, engines, main,
    // component, mocks) runs one: pure logic, the server on PGlite, the server suites that depend on the
    // engine (PGlite and PostgreSQL, tests/support/engines.ts), the main process and its hosts, renderer
    // components in jsdom, the files that mock a module.
    projects: [
      {
        extends: true,
        test: { name: 'mocks', include: MOCKING_FILES, isolate: true, environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          exclude: MOCKING_FILES,
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/integration/server/**/*.test.ts'],
          exclude: [...ENGINE_SUITES, ...MOCKING_FILES],
          environment: 'node',
          env: { TEST_ENGINES: 'pglite' },
        },
      },
      {
        extends: true,
        test: { name: 'engines', include: [...ENGINE_SUITES], exclude: MOCKING_FILES, environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'main',
          // tests/cluster: the cluster of `npm run cluster` (child processes, like the hosts' suites).
          include: [
            'tests/integration/main/**/*.test.ts',
            'tests/security/**/*.test.ts',
            'tests/cluster/**/*.test.ts',
          ],
          exclude: MOCKING_FILES,
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'component',
          include: ['tests/component/**/*.test.tsx'],
          environment: 'jsdom',
          // Each file still gets a DOM and a module graph of its own (a renderer module keeps some state on
          // purpose, such as the failures it logged; load-failure.test.tsx mocks a module), but in a VM
          // context of a reused fork, whose compiled React, Testing Library and jsdom code the next file
          // reuses instead of loading them again: the project's 129 tests in 34 s of CPU instead of 78 s.
          pool: 'vmForks',
          setupFiles: ['tests/component/setup.ts'],
        },
      },
    ],
  },
});
