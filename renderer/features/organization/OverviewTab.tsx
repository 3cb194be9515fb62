import type { Organization } from '../../../shared/api/organizations';
import { storageMb } from '../../../shared/tenancy';
import { formatDate } from '../../lib/format';
import { PlanBadge } from './badges';
import { Card, Field } from '../../components/ui/Card';
import { useOrganizationStats } from './queries';
import { ORGANIZATION_TEXTS } from './texts';

const TEXTS = ORGANIZATION_TEXTS.overview;

export function OverviewTab({ organization }: { organization: Organization }) {
  const stats = useOrganizationStats(organization.id);
  const quick = stats.data
    ? [
        { label: TEXTS.stats.totalMembers, value: String(stats.data.totalUsers) },
        { label: TEXTS.stats.activeUsers, value: String(stats.data.activeUsers) },
        { label: TEXTS.stats.dashboards, value: String(stats.data.totalDashboards) },
        { label: TEXTS.stats.activeAlerts, value: String(stats.data.totalAlerts) },
        {
          label: TEXTS.stats.storageUsed,
          value: ORGANIZATION_TEXTS.megabytes(storageMb(stats.data.storageUsed)),
        },
      ]
    : null;
  return (
    <div className="space-y-6">
      <Card title={TEXTS.detailsTitle}>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Field label={TEXTS.fields.name}>{organization.name}</Field>
          <Field label={TEXTS.fields.slug}>{organization.slug}</Field>
          <Field label={TEXTS.fields.created}>{formatDate(organization.createdAt)}</Field>
          <Field label={TEXTS.fields.plan}>
            <PlanBadge plan={organization.plan} />
          </Field>
        </dl>
      </Card>
      <Card title={TEXTS.statsTitle}>
        {quick ? (
          <dl className="grid gap-4 sm:grid-cols-3 lg:grid-cols-5">
            {quick.map((item) => (
              <div key={item.label} className="rounded-md bg-surface-muted p-3">
                <dt className="text-xs text-muted">{item.label}</dt>
                <dd className="mt-1 text-xl font-semibold text-fg">{item.value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="text-sm text-muted">{stats.isError ? TEXTS.statsFailed : TEXTS.statsLoading}</p>
        )}
      </Card>
    </div>
  );
}
