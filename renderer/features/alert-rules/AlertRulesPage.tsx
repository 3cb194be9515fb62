import { PageHeader } from '../../components/ui/PageHeader';
import { routeTitle } from '../../lib/navigation';

export function AlertRulesPage() {
  return (
    <PageHeader
      title={routeTitle('/alert-rules')}
      description="The rules that raise alerts: their conditions, severity, notification channels and trigger history."
    />
  );
}
