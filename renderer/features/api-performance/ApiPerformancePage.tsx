import { useState } from 'react';
import { EXPORT_FORMATS, type ExportFormat } from '../../../shared/api/exports';
import { API_RANGES, type ApiRange } from '../../../shared/monitoring';
import { Button } from '../../components/ui/Button';
import { LoadingState } from '../../components/ui/LoadingState';
import { PageHeader } from '../../components/ui/PageHeader';
import { routeTitle } from '../../lib/navigation';
import { ApiKpis } from './ApiKpis';
import { RequestVolume, ResponseTimeTrend } from './ApiCharts';
import { EndpointTable } from './EndpointTable';
import { ErrorBreakdown, GeographicPerformance } from './ErrorsAndRegions';
import { useApiPerformance, useExportReport } from './queries';
import { API_PERFORMANCE_TEXTS } from './texts';

const SELECT =
  'h-9 rounded-md border border-line bg-surface px-3 text-sm text-fg shadow-sm hover:bg-surface-muted';

/** API Performance (part 2 §2) from the request roll-ups of every instance. */
export function ApiPerformancePage() {
  const [range, setRange] = useState<ApiRange>('24h');
  const [format, setFormat] = useState<ExportFormat>('csv');
  const figures = useApiPerformance(range);
  const exportReport = useExportReport();
  const data = figures.data;
  return (
    <div className="space-y-6">
      <PageHeader
        title={routeTitle('/api-performance')}
        description={API_PERFORMANCE_TEXTS.description}
        actions={
          <>
            <select
              aria-label={API_PERFORMANCE_TEXTS.timeRange}
              value={range}
              onChange={(e) => setRange(e.target.value as ApiRange)}
              className={SELECT}
            >
              {API_RANGES.map((r) => (
                <option key={r.value} value={r.value}>
                  {r.label}
                </option>
              ))}
            </select>
            <select
              aria-label={API_PERFORMANCE_TEXTS.reportFormat}
              value={format}
              onChange={(e) => setFormat(e.target.value as ExportFormat)}
              className={SELECT}
            >
              {EXPORT_FORMATS.map((f) => (
                <option key={f} value={f}>
                  {f.toUpperCase()}
                </option>
              ))}
            </select>
            <Button
              variant="primary"
              disabled={exportReport.isPending}
              onClick={() => exportReport.mutate({ range, format })}
            >
              {API_PERFORMANCE_TEXTS.exportReport}
            </Button>
          </>
        }
      />
      {!data ? (
        // Part 2 §8: a failure is only logged; the screen waits for the next refresh.
        <LoadingState label={API_PERFORMANCE_TEXTS.loading} fallback={API_PERFORMANCE_TEXTS.loading} />
      ) : (
        <>
          <ApiKpis kpis={data.kpis} />
          <div className="grid gap-6 xl:grid-cols-2">
            <ResponseTimeTrend data={data} />
            <RequestVolume data={data} />
          </div>
          <EndpointTable endpoints={data.endpoints} />
          <div className="grid gap-6 xl:grid-cols-2">
            <ErrorBreakdown errors={data.errors} />
            <GeographicPerformance regions={data.regions} />
          </div>
        </>
      )}
    </div>
  );
}
