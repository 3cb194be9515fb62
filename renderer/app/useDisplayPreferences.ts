import type { ConsoleSettings } from '../../shared/api/settings';
import { TIMEZONE_IANA } from '../../shared/settings';
import { setDisplayPreferences } from '../lib/format';

/**
 * Applies the platform's timezone and language to the console's formats (renderer/lib/format.ts), before
 * the screens below render; answers a key that changes with them.
 */
export function useDisplayPreferences({
  language,
  timezone,
}: Pick<ConsoleSettings, 'language' | 'timezone'>): string {
  setDisplayPreferences(language, TIMEZONE_IANA[timezone]);
  return `${language}|${timezone}`;
}
