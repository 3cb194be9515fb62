import { clsx } from 'clsx';
import type { ApiPerformance } from '../../../shared/api/monitoring';
import { regionErrorTone } from '../../../shared/monitoring';
import { Card } from '../../components/ui/Card';
import { InfoPopover } from '../../components/ui/InfoPopover';
import { TONE_TEXT } from '../../components/ui/tone';
import { formatCount, formatMs, formatPct } from '../../lib/monitoring-format';

/** Errors by HTTP status: count, share of all errors, and recent real messages (redacted). */
export function ErrorBreakdown({ errors }: { errors: ApiPerformance['errors'] }) {
  return (
    <Card
      title="Error Breakdown"
      info={
        <InfoPopover label="Error Breakdown">
          Requests with a status of 400 or above by status, and each status&apos;s share of them. Examples are
          the latest messages recorded for the status (the message only, secrets and identifiers removed).
        </InfoPopover>
      }
    >
      {errors.length === 0 ? (
        <p className="text-sm text-muted">No errors in this range</p>
      ) : (
        <ul className="space-y-4">
          {errors.map((e) => (
            <li key={e.status} aria-label={`HTTP ${e.status}`}>
              <div className="flex items-baseline justify-between gap-2 text-sm">
                <span className="font-semibold text-fg">HTTP {e.status}</span>
                <span className="text-muted tabular-nums">
                  {formatCount(e.count)} · {formatPct(e.percentage)}
                </span>
              </div>
              <ul className="mt-1 space-y-0.5 text-xs text-muted">
                {e.examples.map((x) => (
                  <li key={`${x.method} ${x.route} ${x.message}`} className="truncate">
                    {x.message}{' '}
                    <span className="font-mono">
                      ({x.method} {x.route})
                    </span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Requests by the region of the instance that served them (CONSOLE_REGION); errors red above 2 %. */
export function GeographicPerformance({ regions }: { regions: ApiPerformance['regions'] }) {
  return (
    <Card
      title="Geographic Performance"
      info={
        <InfoPopover label="Geographic Performance">
          Requests grouped by the region of the server instance that answered them (its CONSOLE_REGION), with
          their mean duration and error rate (red above 2 %).
        </InfoPopover>
      }
    >
      {regions.length === 0 ? (
        <p className="text-sm text-muted">No requests in this range</p>
      ) : (
        <ul className="divide-y divide-line">
          {regions.map((r) => {
            const tone = regionErrorTone(r.errorRate);
            return (
              <li
                key={r.region}
                aria-label={r.region}
                className="flex items-center justify-between gap-3 py-2 text-sm"
              >
                <span className="font-medium text-fg">
                  {r.region}{' '}
                  <span className="text-xs text-muted">
                    ({r.instances} {r.instances === 1 ? 'instance' : 'instances'})
                  </span>
                </span>
                <span className="flex gap-4 tabular-nums text-muted">
                  <span>{formatCount(r.requests)} req</span>
                  <span>{formatMs(r.averageMs)}</span>
                  <span data-tone={tone} className={clsx(TONE_TEXT[tone])}>
                    {formatPct(r.errorRate, 2)} errors
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
