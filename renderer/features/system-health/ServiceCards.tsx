import type { ServiceCard } from '../../../shared/api/monitoring';
import { serviceTone } from '../../../shared/monitoring';
import { Card, Field } from '../../components/ui/Card';
import { InfoPopover } from '../../components/ui/InfoPopover';
import { StatusBadge } from '../../components/ui/StatusBadge';
import { MONITORING_TONE } from '../../components/ui/tone';
import { formatMs, formatPct, formatTime } from '../../lib/monitoring-format';
import { HEALTH_TEXTS } from './texts';

const TEXTS = HEALTH_TEXTS.services;

/** One card per probed service: its latest status, uptime over 24 h, response time, last check. */
export function ServiceCards({ services }: { services: readonly ServiceCard[] }) {
  return (
    <Card title={TEXTS.title} info={<InfoPopover label={TEXTS.title}>{TEXTS.info}</InfoPopover>}>
      <ul className="grid gap-4 md:grid-cols-2">
        {services.map((s) => (
          <li key={s.service} aria-label={s.name} className="rounded-md border border-line p-4">
            <div className="flex items-center justify-between gap-2">
              <h3 className="flex items-center gap-1.5 text-sm font-semibold text-fg">
                {s.name}
                <InfoPopover label={s.name}>{s.thresholds}</InfoPopover>
              </h3>
              <StatusBadge tone={MONITORING_TONE[serviceTone(s.status)]}>
                <span className="capitalize">{s.status}</span>
              </StatusBadge>
            </div>
            <p className="mt-1 text-xs text-muted">{s.detail}</p>
            <dl className="mt-3 grid grid-cols-2 gap-3">
              <Field label={TEXTS.fields.uptime}>{formatPct(s.uptimePercent, 2)}</Field>
              <Field label={TEXTS.fields.responseTime}>{formatMs(s.responseMs)}</Field>
              <Field label={TEXTS.fields.lastCheck}>{formatTime(s.lastCheck)}</Field>
              <Field label={TEXTS.fields.version}>{s.version ?? '—'}</Field>
              <Field label={TEXTS.fields.dependencies}>
                {s.dependencies.length > 0 ? s.dependencies.join(', ') : TEXTS.noDependencies}
              </Field>
            </dl>
          </li>
        ))}
      </ul>
    </Card>
  );
}
