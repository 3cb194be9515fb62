import { PageHeader } from '../../components/ui/PageHeader';
import { routeTitle } from '../../lib/navigation';

export function RolePermissionsPage() {
  return (
    <PageHeader
      title={routeTitle('/role-permissions')}
      description="Roles and the permissions they grant: role cards, the permission catalogue, the permission matrix and role templates."
    />
  );
}
