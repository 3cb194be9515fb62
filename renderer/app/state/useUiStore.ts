/** UI state of the shell: the theme choice (stored by the main process) and the header's date range. */
import { create } from 'zustand';
import { DEFAULT_THEME, nextTheme, type DateRange, type Theme } from '../../../shared/constants';
import { call } from '../../lib/bridge';
import { logError } from '../../lib/log';
import { trackFeature } from '../../lib/usage';

interface UiState {
  theme: Theme;
  /** Set once the stored choice was read or the user picked one, so a late read does not undo a click. */
  themeSettled: boolean;
  dateRange: DateRange;
  loadTheme: () => Promise<void>;
  applyStoredTheme: (theme: Theme) => void;
  cycleTheme: () => Promise<void>;
  setDateRange: (range: DateRange) => void;
}

export const useUiStore = create<UiState>()((set, get) => ({
  theme: DEFAULT_THEME,
  themeSettled: false,
  dateRange: '30d',

  async loadTheme() {
    try {
      const theme = await call('settings:theme');
      if (!get().themeSettled) set({ theme, themeSettled: true });
    } catch (error) {
      logError('Could not read the stored theme', error);
    }
  },

  applyStoredTheme(theme) {
    set({ theme, themeSettled: true });
  },

  async cycleTheme() {
    const theme = nextTheme(get().theme);
    set({ theme, themeSettled: true });
    try {
      await call('settings:setTheme', { theme });
    } catch (error) {
      // The choice still applies to this window; it is just not remembered.
      logError('Could not store the theme', error);
    }
  },

  setDateRange(dateRange) {
    trackFeature('date_range');
    set({ dateRange });
  },
}));
