import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/{unit,integration,security}/**/*.test.ts'],
    environment: 'node',
    // Server tests open real databases (PGlite, and PostgreSQL when TEST_DATABASE_URL is set).
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
