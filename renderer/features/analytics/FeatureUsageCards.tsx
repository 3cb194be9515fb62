import type { FeatureUsage } from '../../../shared/api/usage';
import { GROWTH_TONE_CLASS, GROWTH_TONE_TEXT, count, growthTone, signedPercent } from './rules';
import { ANALYTICS_TEXTS } from './texts';

/** One card per feature: usage %, users and the growth badge (part 2 §9). */
export function FeatureUsageCards({ features }: { features: readonly FeatureUsage[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {features.map((f) => {
        const tone = growthTone(f.growth);
        return (
          <li key={f.feature} className="rounded-md border border-line p-4" aria-label={f.feature}>
            <div className="flex items-start justify-between gap-2">
              <h3 className="text-sm font-medium text-fg">{f.feature}</h3>
              <span
                data-testid="growth-badge"
                data-tone={tone}
                className={`rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${GROWTH_TONE_CLASS[tone]}`}
              >
                {signedPercent(f.growth)} · {GROWTH_TONE_TEXT[tone]}
              </span>
            </div>
            <p className="mt-2 text-2xl font-semibold text-fg tabular-nums">{f.usage}%</p>
            <p className="text-xs text-muted">{ANALYTICS_TEXTS.features.users(f.users, count(f.users))}</p>
          </li>
        );
      })}
    </ul>
  );
}
