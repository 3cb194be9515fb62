import { PageHeader } from '../../components/ui/PageHeader';
import { routeTitle } from '../../lib/navigation';

export function AlertsPage() {
  return (
    <PageHeader
      title={routeTitle('/alerts')}
      description="Active alerts with their severity and status, the rules that raise them, and how you are notified."
    />
  );
}
