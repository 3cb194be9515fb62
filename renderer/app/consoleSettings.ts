import { useQuery } from '@tanstack/react-query';
import { DEFAULT_SETTINGS } from '../../shared/api/settings';
import { call } from '../lib/bridge';
import { useAuthStore } from './state/useAuthStore';

/** Checked again every minute: maintenance, a new name or timeout reach an open console without a reload. */
const CONSOLE_SETTINGS_REFRESH_MS = 60_000;

export const consoleSettingsKey = ['settings', 'console'] as const;

/**
 * The settings every console applies whatever its user may see (platform name, timezone and language,
 * session timeout, maintenance). Until they arrive, the defaults.
 */
export function useConsoleSettings() {
  const signedIn = useAuthStore((state) => state.status === 'authenticated');
  const query = useQuery({
    queryKey: consoleSettingsKey,
    queryFn: () => call('settings.console'),
    enabled: signedIn,
    refetchInterval: CONSOLE_SETTINGS_REFRESH_MS,
  });
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
