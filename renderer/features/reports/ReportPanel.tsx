import { Download, Play } from 'lucide-react';
import type { ReportDefinition } from '../../../shared/api/reports';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { formatDateTime } from '../../lib/format';
import { ReportCharts } from './ReportCharts';
import { useReportData } from './queries';
import { metricLabel } from './rules';
import { REPORT_TEXTS } from './texts';

const TEXTS = REPORT_TEXTS.panel;

/** The side panel: the metrics included, two charts of the latest file's figures, Generate Now and Download Latest. */
export function ReportPanel({
  report,
  onGenerate,
  onDownload,
}: {
  report: ReportDefinition | null;
  onGenerate: (report: ReportDefinition) => void;
  onDownload: (report: ReportDefinition) => void;
}) {
  const data = useReportData(report?.id ?? null, report?.file?.generatedAt ?? null);
  if (!report) {
    return (
      <Card title={TEXTS.title}>
        <p className="text-sm text-muted">{TEXTS.select}</p>
      </Card>
    );
  }
  return (
    <Card title={report.name}>
      <div className="space-y-4">
        <div>
          <h3 className="text-sm font-semibold text-fg">{TEXTS.metricsIncluded}</h3>
          <ul className="mt-1 list-disc pl-5 text-sm text-fg">
            {report.metrics.map((m) => (
              <li key={m}>{metricLabel(m)}</li>
            ))}
          </ul>
        </div>
        {report.file ? (
          <p className="text-xs text-muted">
            {TEXTS.latestFile(report.file.fileName, formatDateTime(report.file.expiresAt))}
          </p>
        ) : null}
        {report.error ? (
          <p role="status" className="text-sm text-red-700 dark:text-red-400">
            {report.error}
          </p>
        ) : null}
        {data.isLoading ? (
          <Spinner />
        ) : data.data ? (
          <>
            <p className="text-xs text-muted">
              {TEXTS.figuresOf(formatDateTime(data.data.generatedAt), data.data.period.label)}
            </p>
            <ReportCharts metrics={data.data.metrics} />
          </>
        ) : (
          <p className="text-sm text-muted">{TEXTS.noFile}</p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button variant="primary" disabled={report.status === 'running'} onClick={() => onGenerate(report)}>
            <Play aria-hidden="true" className="size-4" />
            {REPORT_TEXTS.generateNow}
          </Button>
          <Button disabled={!report.file} onClick={() => onDownload(report)}>
            <Download aria-hidden="true" className="size-4" />
            {TEXTS.downloadLatest}
          </Button>
        </div>
      </div>
    </Card>
  );
}
