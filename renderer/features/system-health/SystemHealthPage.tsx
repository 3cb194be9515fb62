import { PageHeader } from '../../components/ui/PageHeader';
import { routeTitle } from '../../lib/navigation';

export function SystemHealthPage() {
  return (
    <PageHeader
      title={routeTitle('/system-health')}
      description="The health of platform services and infrastructure: response times, load, resource use and open issues."
    />
  );
}
