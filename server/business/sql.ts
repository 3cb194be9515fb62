import { sql, type SQL } from 'drizzle-orm';

/** `and organization_id = …` when the figures are one organization's. */
export const orgFilter = (column: SQL, organizationId: string | null) =>
  organizationId === null ? sql`` : sql` and ${column} = ${organizationId}::uuid`;

export const ts = (ms: number) => new Date(ms).toISOString();
