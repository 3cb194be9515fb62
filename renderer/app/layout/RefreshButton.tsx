import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { clsx } from 'clsx';
import { IconButton } from '../../components/ui/Button';

/** Reloads every query on screen, instead of reloading the whole window as the original did. */
export function RefreshButton() {
  const queryClient = useQueryClient();
  const fetching = useIsFetching() > 0;
  return (
    <IconButton aria-label="Refresh" title="Refresh" onClick={() => void queryClient.invalidateQueries()}>
      <RefreshCw aria-hidden="true" className={clsx('size-4.5', fetching && 'animate-spin')} />
    </IconButton>
  );
}
