import { clsx } from 'clsx';
import type { ApiPerformance } from '../../../shared/api/monitoring';
import { regionErrorTone } from '../../../shared/monitoring';
import { Card } from '../../components/ui/Card';
import { InfoPopover } from '../../components/ui/InfoPopover';
import { TONE_TEXT } from '../../components/ui/tone';
import { formatCount, formatMs, formatPct } from '../../lib/monitoring-format';
import { API_PERFORMANCE_TEXTS } from './texts';

const ERRORS = API_PERFORMANCE_TEXTS.errors;
const REGIONS = API_PERFORMANCE_TEXTS.regions;

/** Errors by HTTP status: count, share of all errors, and recent real messages (redacted). */
export function ErrorBreakdown({ errors }: { errors: ApiPerformance['errors'] }) {
  return (
    <Card title={ERRORS.title} info={<InfoPopover label={ERRORS.title}>{ERRORS.info}</InfoPopover>}>
      {errors.length === 0 ? (
        <p className="text-sm text-muted">{ERRORS.empty}</p>
      ) : (
        <ul className="space-y-4">
          {errors.map((e) => (
            <li key={e.status} aria-label={ERRORS.status(e.status)}>
              <div className="flex items-baseline justify-between gap-2 text-sm">
                <span className="font-semibold text-fg">{ERRORS.status(e.status)}</span>
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
    <Card title={REGIONS.title} info={<InfoPopover label={REGIONS.title}>{REGIONS.info}</InfoPopover>}>
      {regions.length === 0 ? (
        <p className="text-sm text-muted">{REGIONS.empty}</p>
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
                  {r.region} <span className="text-xs text-muted">({REGIONS.instances(r.instances)})</span>
                </span>
                <span className="flex gap-4 tabular-nums text-muted">
                  <span>{REGIONS.requests(formatCount(r.requests))}</span>
                  <span>{formatMs(r.averageMs)}</span>
                  <span data-tone={tone} className={clsx(TONE_TEXT[tone])}>
                    {REGIONS.errors(formatPct(r.errorRate, 2))}
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
