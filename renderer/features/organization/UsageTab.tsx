import { Check, X } from 'lucide-react';
import type { Organization } from '../../../shared/api/organizations';
import { isFeatureEnabled, usageColor, usagePercent, type UsageValue } from '../../../shared/tenancy';
import { Card } from '../../components/ui/Card';
import type { StatusTone } from '../../components/ui/StatusBadge';
import { UsageMeter } from '../../components/ui/UsageMeter';
import { featureLabel, usageText } from './rules';
import { ORGANIZATION_TEXTS } from './texts';

const TEXTS = ORGANIZATION_TEXTS.usage;

const BAR: Record<ReturnType<typeof usageColor>, string> = {
  red: 'bg-red-500',
  yellow: 'bg-yellow-400',
  blue: 'bg-blue-500',
};

/** The spec's colours (part 2 §4: over 90 % red, over 75 % yellow) as the tone that also says it in words. */
const TONE: Record<ReturnType<typeof usageColor>, StatusTone> = {
  red: 'critical',
  yellow: 'warning',
  blue: 'ok',
};

function Meter({
  label,
  usage,
  unit = 'count',
}: {
  label: string;
  usage: UsageValue;
  unit?: 'count' | 'bytes';
}) {
  const percent = usagePercent(usage);
  const color = usageColor(percent);
  return (
    <UsageMeter
      label={label}
      percent={percent}
      detail={TEXTS.detail(usageText(usage, unit), percent)}
      tone={TONE[color]}
      barClassName={BAR[color]}
      color={color}
    />
  );
}

export function UsageTab({ organization }: { organization: Organization }) {
  const { usage } = organization.subscription;
  const features = organization.limits.features;
  return (
    <div className="space-y-6">
      <Card title={TEXTS.title}>
        <div className="grid gap-5 sm:grid-cols-2">
          <Meter label={TEXTS.meters.users} usage={usage.users} />
          <Meter label={TEXTS.meters.metrics} usage={usage.metrics} />
          <Meter label={TEXTS.meters.alerts} usage={usage.alerts} />
          <Meter label={TEXTS.meters.storage} usage={usage.storage} unit="bytes" />
        </div>
      </Card>
      <Card title={TEXTS.featuresTitle}>
        <ul className="grid gap-2 sm:grid-cols-2">
          {Object.keys(features)
            .sort()
            .map((feature) => {
              const enabled = isFeatureEnabled(features, feature);
              return (
                <li key={feature} className="flex items-center gap-2 text-sm text-fg">
                  {enabled ? (
                    <Check aria-hidden="true" className="size-4 text-green-600" />
                  ) : (
                    <X aria-hidden="true" className="size-4 text-muted" />
                  )}
                  <span>{featureLabel(feature)}</span>
                  <span className="sr-only">{enabled ? TEXTS.featureEnabled : TEXTS.featureNotIncluded}</span>
                </li>
              );
            })}
        </ul>
      </Card>
    </div>
  );
}
