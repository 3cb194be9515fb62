import { PageHeader } from '../../components/ui/PageHeader';
import { routeTitle } from '../../lib/navigation';

export function UsersPage() {
  return (
    <PageHeader
      title={routeTitle('/users')}
      description="Platform users with their roles, centers, status and last sign-in, to find, filter and add users."
    />
  );
}
