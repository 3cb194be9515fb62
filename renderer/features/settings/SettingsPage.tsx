import { useAuthStore } from '../../app/state/useAuthStore';
import { routeTitle } from '../../lib/navigation';
import { useSaveSettings } from './mutations';
import { useServerHealth, useSettings } from './queries';
import { SettingsView } from './SettingsView';

export function SettingsPage() {
  const settings = useSettings();
  const health = useServerHealth();
  const save = useSaveSettings();
  const canSave = useAuthStore((state) => state.user?.permissions.includes('settings.update') ?? false);
  return (
    <SettingsView
      title={routeTitle('/settings')}
      document={settings.data}
      loading={settings.isPending}
      loadError={settings.error}
      health={health.data}
      onReload={async () => (await settings.refetch()).data}
      onSave={(body) => save.mutateAsync(body)}
      canSave={canSave}
    />
  );
}
