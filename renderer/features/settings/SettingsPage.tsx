import { PageHeader } from '../../components/ui/PageHeader';
import { routeTitle } from '../../lib/navigation';

export function SettingsPage() {
  return (
    <PageHeader
      title={routeTitle('/settings')}
      description="Platform settings: general, security, integrations, notifications and performance."
    />
  );
}
