import { PageHeader } from '../../components/ui/PageHeader';
import { routeTitle } from '../../lib/navigation';

export function IntegrationsPage() {
  return (
    <PageHeader
      title={routeTitle('/integrations')}
      description="Connected services, webhook events and API keys, with their sync state."
    />
  );
}
