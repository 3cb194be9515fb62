import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Server tests open real databases (PGlite, and PostgreSQL when TEST_DATABASE_URL is set).
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One more fork than cores: the server suites spend much of their time waiting on timers, PostgreSQL
    // and child processes, so two forks leave the cores idle (npm test's unit stage: see the closing note).
    maxWorkers: 3,
    // One `npm run test:unit` runs them all; `npx vitest run --project server` (or unit, main, component)
    // runs one: pure logic, the server on real databases, the main process and its hosts, renderer
    // components in jsdom.
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: { name: 'server', include: ['tests/integration/server/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'main',
          include: ['tests/integration/main/**/*.test.ts', 'tests/security/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'component',
          include: ['tests/component/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/component/setup.ts'],
        },
      },
    ],
  },
});
