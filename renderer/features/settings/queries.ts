import { queryOptions, useQuery } from '@tanstack/react-query';
import { SETTINGS_TEXTS } from '../../../shared/settings';
import { call } from '../../lib/bridge';
import { onlyLogged } from '../../lib/loadFailure';
import { dashboardQueries } from '../dashboard/queries';

/** Checked again every minute: maintenance, a new name or timeout reach an open console without a reload. */
const CONSOLE_SETTINGS_REFRESH_MS = 60_000;

/** The settings' key space and queries: the whole document (System Settings) and the console's part. */
export const settingsQueries = {
  all: () => ['settings'] as const,
  /** The settings in force; other screens (header, formats) read the same query. */
  document: () =>
    queryOptions({
      queryKey: [...settingsQueries.all(), 'document'] as const,
      queryFn: () => call('settings.read'),
      // A save elsewhere (another admin, another console) shows at the next look.
      staleTime: 30_000,
      ...onlyLogged(SETTINGS_TEXTS.loadFailed),
    }),
  /** What every console applies whatever its user may see (app/consoleSettings.ts). */
  console: () =>
    queryOptions({
      queryKey: [...settingsQueries.all(), 'console'] as const,
      queryFn: () => call('settings.console'),
      refetchInterval: CONSOLE_SETTINGS_REFRESH_MS,
    }),
};

export function useSettings(enabled = true) {
  return useQuery({ ...settingsQueries.document(), enabled });
}

/** The real figures of the screen's static panels (part 2 §2): the API server's own health, the dashboard's query. */
export function useServerHealth() {
  return useQuery(dashboardQueries.health());
}
