import { DollarSign, Gauge, LayoutDashboard, Shield, SlidersHorizontal } from 'lucide-react';
import { REPORT_TEMPLATES, TEMPLATE_PREVIEW_METRICS, type ReportTemplate } from '../../../shared/reports';
import { Button } from '../../components/ui/Button';
import { capitalize, metricLabel } from './rules';
import { REPORT_TEXTS } from './texts';

const TEXTS = REPORT_TEXTS.templates;

const ICONS = {
  'layout-dashboard': LayoutDashboard,
  gauge: Gauge,
  'dollar-sign': DollarSign,
  shield: Shield,
  sliders: SlidersHorizontal,
} as const;

/** Template cards: the first 3 metrics, '+N more', the visualizations and Use Template. */
export function TemplatesTab({ onUse }: { onUse: (template: ReportTemplate) => void }) {
  return (
    <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label={TEXTS.name}>
      {REPORT_TEMPLATES.map((t) => {
        const Icon = ICONS[t.icon];
        const more = t.metrics.length - TEMPLATE_PREVIEW_METRICS;
        return (
          <li key={t.id} className="flex flex-col rounded-lg border border-line bg-surface p-4 shadow-sm">
            <div className="flex items-center gap-2">
              <Icon aria-hidden="true" className="size-5 text-accent" />
              <h3 className="text-sm font-semibold text-fg">{t.name}</h3>
            </div>
            <p className="mt-1 text-sm text-muted">{t.description}</p>
            <p className="mt-2 text-xs text-muted">{TEXTS.type(capitalize(t.type))}</p>
            <ul className="mt-2 list-disc pl-5 text-sm text-fg">
              {t.metrics.slice(0, TEMPLATE_PREVIEW_METRICS).map((m) => (
                <li key={m}>{metricLabel(m)}</li>
              ))}
            </ul>
            {more > 0 ? <p className="text-xs text-muted">{TEXTS.more(more)}</p> : null}
            <p className="mt-2 text-xs text-muted">
              {TEXTS.visualizations(t.visualizations.map(capitalize).join(', '))}
            </p>
            <div className="mt-auto pt-3">
              <Button variant="primary" onClick={() => onUse(t)} aria-label={TEXTS.buttonName(t.name)}>
                {TEXTS.use}
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
