/** A report definition owned by a user, inserted directly: for matrices that need one to act on. */
import { reports } from '../../server/db/schema';
import type { Database } from '../../server/db/client';

export async function insertReport(database: Database, userId: string): Promise<string> {
  const [row] = await database.db
    .insert(reports)
    .values({
      name: 'Sample report',
      type: 'financial',
      format: 'xlsx',
      schedule: 'manual',
      metrics: ['costByService'],
      filters: { organizationId: null, plan: null, period: '30d' },
      createdBy: userId,
    })
    .returning({ id: reports.id });
  if (!row) throw new Error('report not inserted');
  return row.id;
}

export const SAMPLE_REPORT_INPUT = {
  name: 'Sample report',
  type: 'financial',
  format: 'xlsx',
  schedule: 'manual',
  metrics: ['costByService'],
} as const;
