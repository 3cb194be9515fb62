import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardPeriod } from '../../../shared/api/business';
import { useAuthStore } from '../../app/state/useAuthStore';
import { useOrganizationStore } from '../../app/state/useOrganizationStore';
import { call } from '../../lib/bridge';

/** The dashboard's figures follow the server: refetched every 30 s (the spec's drift, made live). */
export const REFRESH_MS = 30_000;

export const dashboardKeys = {
  all: ['business'] as const,
  figures: (scope: string, organizationId: string | null, period: DashboardPeriod) =>
    [...dashboardKeys.all, 'dashboard', scope, organizationId, period] as const,
  health: () => [...dashboardKeys.all, 'health'] as const,
  services: () => [...dashboardKeys.all, 'services'] as const,
  spend: () => [...dashboardKeys.all, 'spend'] as const,
};

/** Platform-wide figures for analytics.view_platform; otherwise the current organization's. */
export function useDashboardScope(): { scope: 'platform' | 'organization'; organizationId: string | null } {
  const platform = useAuthStore((s) => s.user?.permissions.includes('analytics.view_platform') ?? false);
  const organizationId = useOrganizationStore((s) => s.currentId);
  return platform ? { scope: 'platform', organizationId: null } : { scope: 'organization', organizationId };
}

/** The figures' query, also started ahead by a sign-in (./prefetch.ts) under the same key. */
export function figuresQuery(
  scope: 'platform' | 'organization',
  organizationId: string | null,
  period: DashboardPeriod,
) {
  return queryOptions({
    queryKey: dashboardKeys.figures(scope, organizationId, period),
    queryFn: () => call('business:dashboard', { scope, period }),
  });
}

export function healthQuery() {
  return queryOptions({ queryKey: dashboardKeys.health(), queryFn: () => call('business.serverHealth') });
}

export function useBusinessFigures(period: DashboardPeriod) {
  const { scope, organizationId } = useDashboardScope();
  return useQuery({
    ...figuresQuery(scope, organizationId, period),
    enabled: scope === 'platform' || organizationId !== null,
    refetchInterval: REFRESH_MS,
    placeholderData: (previous) => previous,
  });
}

export function useServerHealth() {
  return useQuery({ ...healthQuery(), refetchInterval: REFRESH_MS });
}

/** The same service probes System Health shows (any signed-in user sees their statuses). */
export function useServiceSummary() {
  return useQuery({
    queryKey: dashboardKeys.services(),
    queryFn: () => call('monitoring.serviceSummary'),
    refetchInterval: REFRESH_MS,
  });
}

export function useAcquisitionSpend(enabled: boolean) {
  return useQuery({ queryKey: dashboardKeys.spend(), queryFn: () => call('business.listSpend'), enabled });
}
