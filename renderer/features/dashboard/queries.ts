import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardPeriod } from '../../../shared/api/business';
import { useAuthStore } from '../../app/state/useAuthStore';
import { useOrganizationStore } from '../../app/state/useOrganizationStore';
import { call } from '../../lib/bridge';

/** The dashboard's figures follow the server: refetched every 30 s (the spec's drift, made live). */
export const REFRESH_MS = 30_000;

/** The business figures' key space and queries; System Settings reads the same server health. */
export const dashboardQueries = {
  all: () => ['business'] as const,
  /** The figures' query, also started ahead by a sign-in (./prefetch.ts) under the same key. */
  figures: (scope: 'platform' | 'organization', organizationId: string | null, period: DashboardPeriod) =>
    queryOptions({
      queryKey: [...dashboardQueries.all(), 'dashboard', scope, organizationId, period] as const,
      queryFn: () => call('business:dashboard', { scope, period }),
    }),
  health: () =>
    queryOptions({
      queryKey: [...dashboardQueries.all(), 'health'] as const,
      queryFn: () => call('business.serverHealth'),
    }),
  /** The same service probes System Health shows (any signed-in user sees their statuses). */
  services: () =>
    queryOptions({
      queryKey: [...dashboardQueries.all(), 'services'] as const,
      queryFn: () => call('monitoring.serviceSummary'),
    }),
  spend: () =>
    queryOptions({
      queryKey: [...dashboardQueries.all(), 'spend'] as const,
      queryFn: () => call('business.listSpend'),
    }),
};

/** Platform-wide figures for analytics.view_platform; otherwise the current organization's. */
export function useDashboardScope(): { scope: 'platform' | 'organization'; organizationId: string | null } {
  const platform = useAuthStore((s) => s.user?.permissions.includes('analytics.view_platform') ?? false);
  const organizationId = useOrganizationStore((s) => s.currentId);
  return platform ? { scope: 'platform', organizationId: null } : { scope: 'organization', organizationId };
}

export function useBusinessFigures(period: DashboardPeriod) {
  const { scope, organizationId } = useDashboardScope();
  return useQuery({
    ...dashboardQueries.figures(scope, organizationId, period),
    enabled: scope === 'platform' || organizationId !== null,
    refetchInterval: REFRESH_MS,
    placeholderData: (previous) => previous,
  });
}

export function useServerHealth() {
  return useQuery({ ...dashboardQueries.health(), refetchInterval: REFRESH_MS });
}

export function useServiceSummary() {
  return useQuery({ ...dashboardQueries.services(), refetchInterval: REFRESH_MS });
}

export function useAcquisitionSpend(enabled: boolean) {
  return useQuery({ ...dashboardQueries.spend(), enabled });
}
