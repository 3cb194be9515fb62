import { useQuery } from '@tanstack/react-query';
import { DEFAULT_SETTINGS } from '../../shared/api/settings';
import { settingsQueries } from '../features/settings/queries';
import { useAuthStore } from './state/useAuthStore';

/**
 * The settings every console applies whatever its user may see (platform name, timezone and language,
 * session timeout, maintenance). Until they arrive, the defaults.
 */
export function useConsoleSettings() {
  const signedIn = useAuthStore((state) => state.status === 'authenticated');
  const query = useQuery({ ...settingsQueries.console(), enabled: signedIn });
  const { general, security } = DEFAULT_SETTINGS;
  return (
    query.data ?? {
      platformName: general.platformName,
      timezone: general.timezone,
      language: general.language,
      maintenanceMode: false,
      sessionTimeout: security.sessionTimeout,
      twoFactorRequired: security.twoFactorRequired,
      passwordPolicy: security.passwordPolicy,
    }
  );
}
