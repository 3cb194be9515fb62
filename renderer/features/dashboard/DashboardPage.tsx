import { PageHeader } from '../../components/ui/PageHeader';
import { routeTitle } from '../../lib/navigation';

export function DashboardPage() {
  return (
    <PageHeader
      title={routeTitle('/dashboard')}
      description="Business metrics at a glance: recurring revenue, margins, churn, active centers, top centers, system health and recent alerts."
    />
  );
}
