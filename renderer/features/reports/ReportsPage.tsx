import { PageHeader } from '../../components/ui/PageHeader';
import { routeTitle } from '../../lib/navigation';

export function ReportsPage() {
  return (
    <PageHeader
      title={routeTitle('/reports')}
      description="Saved and scheduled reports, report templates, and generated reports to download."
    />
  );
}
