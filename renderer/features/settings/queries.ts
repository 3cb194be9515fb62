import { useQuery } from '@tanstack/react-query';
import { SETTINGS_TEXTS } from '../../../shared/settings';
import { call } from '../../lib/bridge';
import { logError } from '../../lib/log';

export const settingsKeys = {
  all: ['settings'] as const,
  document: () => [...settingsKeys.all, 'document'] as const,
  health: () => [...settingsKeys.all, 'server-health'] as const,
};

/** The settings in force; other screens (header, formats) read the same query. */
export function useSettings(enabled = true) {
  return useQuery({
    queryKey: settingsKeys.document(),
    queryFn: async () => {
      try {
        return await call('settings.read');
      } catch (error) {
        logError(SETTINGS_TEXTS.loadFailed, error);
        throw error;
      }
    },
    enabled,
    // A save elsewhere (another admin, another console) shows at the next look.
    staleTime: 30_000,
  });
}

/** The real figures of the screen's static panels (part 2 §2): the API server's own health. */
export function useServerHealth() {
  return useQuery({ queryKey: settingsKeys.health(), queryFn: () => call('business.serverHealth') });
}
