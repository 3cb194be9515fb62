import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` writes the SQL migrations applied to both PGlite and PostgreSQL.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
