import type { EndpointRow } from '../../../shared/api/monitoring';
import type { ExportFormat } from '../../../shared/api/exports';
import { toCsv, toPrettyJson, type CsvColumn } from '../../../shared/csv';
import type { ApiRange } from '../../../shared/monitoring';

const COLUMNS: readonly CsvColumn<EndpointRow>[] = [
  { header: 'method', value: (r) => r.method },
  { header: 'endpoint', value: (r) => r.route },
  { header: 'requests', value: (r) => r.requests },
  { header: 'averageMs', value: (r) => r.averageMs },
  { header: 'p95Ms', value: (r) => r.p95Ms },
  { header: 'errorRate', value: (r) => r.errorRate },
  { header: 'apdex', value: (r) => r.apdex },
  { header: 'status', value: (r) => r.status },
];

export const reportFileName = (range: ApiRange, format: ExportFormat) => `api-performance-${range}.${format}`;

/** Export Report: the endpoint table of the range, as the screen shows it (sparklines left out). */
export function apiReport(
  range: ApiRange,
  format: ExportFormat,
  endpoints: readonly EndpointRow[],
  generatedAt: string,
): { fileName: string; content: string } {
  const content =
    format === 'csv'
      ? toCsv(COLUMNS, endpoints)
      : toPrettyJson({
          range,
          generatedAt,
          endpoints: endpoints.map(({ sparkline: _sparkline, ...row }) => row),
        });
  return { fileName: reportFileName(range, format), content };
}
