import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { AnalyticsRange } from '../../../shared/api/usage';
import { call } from '../../lib/bridge';
import { logError } from '../../lib/log';

export const analyticsKeys = {
  all: ['analytics'] as const,
  usage: (range: AnalyticsRange) => [...analyticsKeys.all, 'usage', range] as const,
};

/** The range's figures; a failure is only logged, in the spec's words (part 2 §8). */
export function useUserAnalytics(range: AnalyticsRange) {
  const query = useQuery({
    queryKey: analyticsKeys.usage(range),
    queryFn: () => call('usage.analytics', { query: { range } }),
    placeholderData: (previous) => previous,
  });
  useEffect(() => {
    if (query.isError) logError('Failed to load analytics data', query.error);
  }, [query.isError, query.error]);
  return query;
}
