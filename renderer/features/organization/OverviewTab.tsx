import type { Organization } from '../../../shared/api/organizations';
import { storageMb } from '../../../shared/tenancy';
import { formatDate } from '../../lib/format';
import { PlanBadge } from './badges';
import { Card, Field } from '../../components/ui/Card';
import { useOrganizationStats } from './queries';

export function OverviewTab({ organization }: { organization: Organization }) {
  const stats = useOrganizationStats(organization.id);
  const quick = stats.data
    ? [
        { label: 'Total members', value: String(stats.data.totalUsers) },
        { label: 'Active users', value: String(stats.data.activeUsers) },
        { label: 'Dashboards', value: String(stats.data.totalDashboards) },
        { label: 'Active alerts', value: String(stats.data.totalAlerts) },
        { label: 'Storage used', value: `${storageMb(stats.data.storageUsed)} MB` },
      ]
    : null;
  return (
    <div className="space-y-6">
      <Card title="Organization details">
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Field label="Name">{organization.name}</Field>
          <Field label="Slug">{organization.slug}</Field>
          <Field label="Created">{formatDate(organization.createdAt)}</Field>
          <Field label="Plan">
            <PlanBadge plan={organization.plan} />
          </Field>
        </dl>
      </Card>
      <Card title="Quick stats">
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
          <p className="text-sm text-muted">{stats.isError ? 'Statistics are not available.' : 'Loading…'}</p>
        )}
      </Card>
    </div>
  );
}
