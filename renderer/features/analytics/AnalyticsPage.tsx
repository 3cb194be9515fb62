import { PageHeader } from '../../components/ui/PageHeader';
import { routeTitle } from '../../lib/navigation';

export function AnalyticsPage() {
  return (
    <PageHeader
      title={routeTitle('/analytics')}
      description="Platform usage over time: sessions, unique users, page views, engagement, devices and feature usage."
    />
  );
}
