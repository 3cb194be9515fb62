import type { SessionUser } from '../../../shared/api/auth';
import { queryClient } from '../../app/queryClient';
import { useUiStore } from '../../app/state/useUiStore';
import { dashboardQueries } from './queries';

/**
 * The dashboard's first data, asked for the moment a sign-in succeeds rather than once the screen
 * has mounted; the screen then finds it in the cache (fresh for the query client's 30 s). An
 * organization's figures wait for the current organization, which the console reads at sign-in.
 */
export function prefetchDashboard(user: SessionUser): void {
  if (user.permissions.includes('analytics.view_platform')) {
    void queryClient.prefetchQuery(
      dashboardQueries.figures('platform', null, useUiStore.getState().dateRange),
    );
  }
  void queryClient.prefetchQuery(dashboardQueries.health());
}
