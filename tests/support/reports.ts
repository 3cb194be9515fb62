/** Reports in tests: a definition inserted directly, and a generated file's text and figures. */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { reports } from '../../server/db/schema';
import type { Database } from '../../server/db/client';

const run = promisify(execFile);

/** A report definition owned by a user, inserted directly: for matrices that need one to act on. */
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

/**
 * A PDF's text page by page, as pdftotext (poppler) reads it in drawing order (`-raw`), whitespace
 * flattened: a tile's or a line's words stay together however the layout wraps them.
 */
export async function pdfPages(content: Buffer | Uint8Array, dir: string): Promise<string[]> {
  const file = path.join(dir, `${randomUUID()}.pdf`);
  await writeFile(file, content);
  const { stdout } = await run('/usr/bin/pdftotext', ['-raw', '-enc', 'UTF-8', file, '-']);
  // pdftotext ends every page with a form feed.
  return stdout
    .split('\f')
    .slice(0, -1)
    .map((page) => page.replace(/\s+/g, ' ').trim());
}

/** How the report files write a change: '+4.2%', '-0.5 pts', '0.0%' (an independent reading of format.ts). */
export function changeText(value: number | null, kind: 'relative' | 'points'): string {
  if (value === null) return 'n/a';
  const shown = kind === 'relative' ? value * 100 : value;
  const digits = Math.abs(shown).toFixed(1);
  const sign = digits === '0.0' ? '' : shown > 0 ? '+' : '-';
  return `${sign}${digits}${kind === 'relative' ? '%' : ' pts'}`;
}
