import { PageHeader } from '../../components/ui/PageHeader';
import { routeTitle } from '../../lib/navigation';

export function BackupRecoveryPage() {
  return (
    <PageHeader
      title={routeTitle('/backup-recovery')}
      description="Backup jobs and their history, storage locations, and recovery points to restore from."
    />
  );
}
