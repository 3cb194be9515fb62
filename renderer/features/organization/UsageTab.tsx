import { clsx } from 'clsx';
import { Check, X } from 'lucide-react';
import type { Organization } from '../../../shared/api/organizations';
import {
  isFeatureEnabled,
  meterWidth,
  usageColor,
  usagePercent,
  type UsageValue,
} from '../../../shared/tenancy';
import { Card } from '../../components/ui/Card';
import { featureLabel, usageText } from './rules';

const BAR: Record<ReturnType<typeof usageColor>, string> = {
  red: 'bg-red-500',
  yellow: 'bg-yellow-400',
  blue: 'bg-blue-500',
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
    <div>
      <div className="mb-1 flex justify-between text-sm">
        <span className="font-medium text-fg">{label}</span>
        <span className="text-muted">
          {usageText(usage, unit)} ({percent}%)
        </span>
      </div>
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={meterWidth(percent)}
        aria-valuetext={`${percent}%`}
        data-color={color}
        className="h-2 overflow-hidden rounded-full bg-surface-muted"
      >
        <div
          className={clsx('h-full rounded-full', BAR[color])}
          style={{ width: `${meterWidth(percent)}%` }}
        />
      </div>
    </div>
  );
}

export function UsageTab({ organization }: { organization: Organization }) {
  const { usage } = organization.subscription;
  const features = organization.limits.features;
  return (
    <div className="space-y-6">
      <Card title="Usage">
        <div className="grid gap-5 sm:grid-cols-2">
          <Meter label="Users" usage={usage.users} />
          <Meter label="Metrics" usage={usage.metrics} />
          <Meter label="Alerts" usage={usage.alerts} />
          <Meter label="Storage" usage={usage.storage} unit="bytes" />
        </div>
      </Card>
      <Card title="Feature access">
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
                  <span className="sr-only">{enabled ? 'enabled' : 'not included'}</span>
                </li>
              );
            })}
        </ul>
      </Card>
    </div>
  );
}
