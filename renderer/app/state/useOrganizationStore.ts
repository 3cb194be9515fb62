/**
 * The current organization (part 1 §4) as the renderer sees it: only its id, read from the main
 * process (which stores it) at sign-in and after every switch. The organization's data lives in
 * TanStack Query, keyed by this id.
 */
import { create } from 'zustand';
import { call } from '../../lib/bridge';
import { logLoadFailure } from '../../lib/loadFailure';
import { ORGANIZATION_TEXTS } from '../../features/organization/texts';

interface OrganizationState {
  currentId: string | null;
  /** True once orgs:current answered (or failed) for this session. */
  loaded: boolean;
  load: () => Promise<void>;
  setCurrent: (id: string) => void;
  reset: () => void;
}

export const useOrganizationStore = create<OrganizationState>()((set) => ({
  currentId: null,
  loaded: false,

  async load() {
    try {
      const { organizationId } = await call('orgs:current');
      set({ currentId: organizationId, loaded: true });
    } catch (error) {
      // Part 1 §8: a failed organization load is only logged; the screens stay in their loading state.
      logLoadFailure(ORGANIZATION_TEXTS.loadFailed.current, error);
      set({ loaded: true });
    }
  },

  setCurrent(id) {
    set({ currentId: id, loaded: true });
  },

  reset() {
    set({ currentId: null, loaded: false });
  },
}));
