import { PageHeader } from '../../components/ui/PageHeader';
import { routeTitle } from '../../lib/navigation';

export function OrganizationPage() {
  return (
    <PageHeader
      title={routeTitle('/organization')}
      description="The current organization: overview, members and invitations, settings, billing, and usage against plan limits."
    />
  );
}
