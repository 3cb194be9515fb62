import type { ExportFormat, ExportType } from '../../shared/api';
import { csvLine, csvRows, prettyJsonArray } from '../../shared/csv';
import type { Db } from '../db/client';
import { EXPORT_SOURCES, type ExportScope, type ExportSource } from './sources';

/**
 * An export file as a stream of text pieces, one per batch of rows: memory holds one batch at a time,
 * whatever the number of rows, and a slow reader slows the queries down (Readable.from pulls).
 */
export async function* exportChunks<Row, CsvRow>(
  db: Db,
  source: ExportSource<Row, CsvRow>,
  scope: ExportScope,
  format: ExportFormat,
): AsyncGenerator<string> {
  if (format === 'csv') {
    yield csvLine(source.columns.map((c) => c.header));
    for await (const rows of source.csvBatches(db, scope)) yield csvRows(source.columns, rows);
    return;
  }
  let first = true;
  for await (const rows of source.batches(db, scope)) {
    let text = first ? prettyJsonArray.open(false) : '';
    for (const row of rows) {
      text += prettyJsonArray.item(source.json(row), first);
      first = false;
    }
    yield text;
  }
  yield first ? prettyJsonArray.open(true) : prettyJsonArray.close(false);
}

/** An export type with its row type erased: what the routes need. */
export interface ExportRunner {
  count(db: Db, scope: ExportScope): Promise<number>;
  chunks(db: Db, scope: ExportScope, format: ExportFormat): AsyncGenerator<string>;
}

const runner = <Row, CsvRow>(source: ExportSource<Row, CsvRow>): ExportRunner => ({
  count: (db, scope) => source.count(db, scope),
  chunks: (db, scope, format) => exportChunks(db, source, scope, format),
});

export const EXPORTS: Record<ExportType, ExportRunner> = {
  'audit-logs': runner(EXPORT_SOURCES['audit-logs']),
  users: runner(EXPORT_SOURCES.users),
  alerts: runner(EXPORT_SOURCES.alerts),
  metrics: runner(EXPORT_SOURCES.metrics),
};
