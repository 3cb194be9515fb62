import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { clsx } from 'clsx';
import { IconButton } from '../../components/ui/Button';
import { useAuthStore } from '../state/useAuthStore';

/**
 * Reloads every query on screen, instead of reloading the whole window as the original did, and checks
 * the session again (permissions changed on the server apply at once).
 */
export function RefreshButton() {
  const queryClient = useQueryClient();
  const fetching = useIsFetching() > 0;
  const refresh = () => {
    void useAuthStore.getState().recheck();
    void queryClient.invalidateQueries();
  };
  return (
    <IconButton aria-label="Refresh" title="Refresh" onClick={refresh}>
      <RefreshCw aria-hidden="true" className={clsx('size-4.5', fetching && 'animate-spin')} />
    </IconButton>
  );
}
