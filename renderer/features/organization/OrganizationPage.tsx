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
import { ORGANIZATION_TEXTS } from './texts';

const TABS = ORGANIZATION_TEXTS.tabs;

/** Organization screen (part 2 §2): the current organization in five tabs (Billing only if allowed). */
export function OrganizationPage() {
  const organizationId = useCurrentOrganizationId();
  const context = useOrganizationContext(organizationId);
  const organization = useOrganization(organizationId);

  const header = (
    <PageHeader title={routeTitle('/organization')} description={ORGANIZATION_TEXTS.description} />
  );
  if (!organizationId || !context.data || !organization.data) {
    return (
      <div className="space-y-6">
        {header}
        <div role="status" className="flex items-center justify-center gap-3 py-16 text-sm text-muted">
          {context.isError || organization.isError ? null : <Spinner />}
          {ORGANIZATION_TEXTS.loading}
        </div>
      </div>
    );
  }

  const can = abilities(context.data);
  const tabs = [
    { name: TABS.overview, panel: <OverviewTab organization={organization.data} /> },
    { name: TABS.members, panel: <MembersTab organizationId={organizationId} context={context.data} /> },
    {
      name: TABS.settings,
      panel: <SettingsTab organization={organization.data} canEdit={can.manageOrganization} />,
    },
    ...(can.viewBilling
      ? [{ name: TABS.billing, panel: <BillingTab organization={organization.data} /> }]
      : []),
    { name: TABS.usage, panel: <UsageTab organization={organization.data} /> },
  ];

  return (
    <div className="space-y-6">
      {header}
      <PageTabs tabs={tabs} />
    </div>
  );
}
