import { PageHeader } from '../../components/ui/PageHeader';
import { routeTitle } from '../../lib/navigation';

export function ApiPerformancePage() {
  return (
    <PageHeader
      title={routeTitle('/api-performance')}
      description="Response times, request volume and errors for each API endpoint, by status code and by region."
    />
  );
}
