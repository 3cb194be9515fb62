import { PageHeader } from '../../components/ui/PageHeader';
import { routeTitle } from '../../lib/navigation';

export function RoleVerificationPage() {
  return (
    <PageHeader
      title={routeTitle('/role-verification')}
      description="Check what a role may do: test its permissions and compare roles side by side."
    />
  );
}
