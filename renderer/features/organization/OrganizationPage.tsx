import { PageHeader } from '../../components/ui/PageHeader';
import { PageTabs } from '../../components/ui/PageTabs';
import { Spinner } from '../../components/ui/Spinner';
import { routeTitle } from '../../lib/navigation';
import { BillingTab } from './BillingTab';
import { MembersTab } from './MembersTab';
import { OverviewTab } from './OverviewTab';
import { useCurrentOrganizationId, useOrganization, useOrganizationContext } from './queries';
import { abilities } from './rules';
import { SettingsTab } from './SettingsTab';
import { UsageTab } from './UsageTab';

/** Organization screen (part 2 §2): the current organization in five tabs (Billing only if allowed). */
export function OrganizationPage() {
  const organizationId = useCurrentOrganizationId();
  const context = useOrganizationContext(organizationId);
  const organization = useOrganization(organizationId);

  const header = (
    <PageHeader
      title={routeTitle('/organization')}
      description="The current organization: overview, members and invitations, settings, billing, and usage against plan limits."
    />
  );
  if (!organizationId || !context.data || !organization.data) {
    return (
      <div className="space-y-6">
        {header}
        <div role="status" className="flex items-center justify-center gap-3 py-16 text-sm text-muted">
          {context.isError || organization.isError ? null : <Spinner />}
          Loading organization...
        </div>
      </div>
    );
  }

  const can = abilities(context.data);
  const tabs = [
    { name: 'Overview', panel: <OverviewTab organization={organization.data} /> },
    { name: 'Members', panel: <MembersTab organizationId={organizationId} context={context.data} /> },
    {
      name: 'Settings',
      panel: <SettingsTab organization={organization.data} canEdit={can.manageOrganization} />,
    },
    ...(can.viewBilling ? [{ name: 'Billing', panel: <BillingTab organization={organization.data} /> }] : []),
    { name: 'Usage & Limits', panel: <UsageTab organization={organization.data} /> },
  ];

  return (
    <div className="space-y-6">
      {header}
      <PageTabs tabs={tabs} />
    </div>
  );
}
