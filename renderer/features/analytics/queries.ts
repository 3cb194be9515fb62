import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsRange } from '../../../shared/api/usage';
import { call } from '../../lib/bridge';
import { onlyLogged } from '../../lib/loadFailure';
import { ANALYTICS_TEXTS } from './texts';

/** Usage analytics' key space and queries; a failure is only logged, in the spec's words (part 2 §8). */
export const analyticsQueries = {
  all: () => ['analytics'] as const,
  usage: (range: AnalyticsRange) =>
    queryOptions({
      queryKey: [...analyticsQueries.all(), 'usage', range] as const,
      queryFn: () => call('usage.analytics', { query: { range } }),
      placeholderData: (previous) => previous,
      ...onlyLogged(ANALYTICS_TEXTS.loadFailed),
    }),
};

export const useUserAnalytics = (range: AnalyticsRange) => useQuery(analyticsQueries.usage(range));
