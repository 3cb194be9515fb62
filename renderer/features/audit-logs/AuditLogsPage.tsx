import { PageHeader } from '../../components/ui/PageHeader';
import { routeTitle } from '../../lib/navigation';

export function AuditLogsPage() {
  return (
    <PageHeader
      title={routeTitle('/audit-logs')}
      description="Every recorded change: who did what, to which target, when, from where, and with what result."
    />
  );
}
