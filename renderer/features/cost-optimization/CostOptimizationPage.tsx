import { PageHeader } from '../../components/ui/PageHeader';
import { routeTitle } from '../../lib/navigation';

export function CostOptimizationPage() {
  return (
    <PageHeader
      title={routeTitle('/cost-optimization')}
      description="Cloud spend by service over time, the service cost breakdown, savings recommendations and budget alerts."
    />
  );
}
