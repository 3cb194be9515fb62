import { useQuery } from '@tanstack/react-query';
import { call } from './bridge';

/** The host, version and the clients' base addresses; they do not change while the console runs. */
export function useAppInfo() {
  return useQuery({ queryKey: ['app', 'info'], queryFn: () => call('app:info'), staleTime: Infinity });
}
