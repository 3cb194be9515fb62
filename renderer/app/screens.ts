/** One lazily loaded module per screen (route path → page component), its code loadable ahead. */
import type { ConsolePath } from '../../shared/routes';
import { preloadable, type Preloadable } from '../lib/preloadable';

/**
 * The signed-in shell (header, sidebar, alert banner and their menus): not part of the sign-in
 * screen's code, fetched at the sign-in click (renderer/app/warmUp.ts) or when a session is found.
 */
export const AppLayout = preloadable(() => import('./layout/AppLayout'), 'AppLayout');

export const SCREENS: Record<ConsolePath, Preloadable> = {
  '/dashboard': preloadable(() => import('../features/dashboard/DashboardPage'), 'DashboardPage'),
  '/cost-optimization': preloadable(
    () => import('../features/cost-optimization/CostOptimizationPage'),
    'CostOptimizationPage',
  ),
  '/analytics': preloadable(() => import('../features/analytics/AnalyticsPage'), 'AnalyticsPage'),
  '/system-health': preloadable(
    () => import('../features/system-health/SystemHealthPage'),
    'SystemHealthPage',
  ),
  '/api-performance': preloadable(
    () => import('../features/api-performance/ApiPerformancePage'),
    'ApiPerformancePage',
  ),
  '/alerts': preloadable(() => import('../features/alerts/AlertsPage'), 'AlertsPage'),
  '/alert-rules': preloadable(() => import('../features/alert-rules/AlertRulesPage'), 'AlertRulesPage'),
  '/users': preloadable(() => import('../features/users/UsersPage'), 'UsersPage'),
  '/organization': preloadable(() => import('../features/organization/OrganizationPage'), 'OrganizationPage'),
  '/reports': preloadable(() => import('../features/reports/ReportsPage'), 'ReportsPage'),
  '/integrations': preloadable(() => import('../features/integrations/IntegrationsPage'), 'IntegrationsPage'),
  '/audit-logs': preloadable(() => import('../features/audit-logs/AuditLogsPage'), 'AuditLogsPage'),
  '/backup-recovery': preloadable(
    () => import('../features/backup-recovery/BackupRecoveryPage'),
    'BackupRecoveryPage',
  ),
  '/role-permissions': preloadable(
    () => import('../features/role-permissions/RolePermissionsPage'),
    'RolePermissionsPage',
  ),
  '/role-verification': preloadable(
    () => import('../features/role-verification/RoleVerificationPage'),
    'RoleVerificationPage',
  ),
  '/settings': preloadable(() => import('../features/settings/SettingsPage'), 'SettingsPage'),
};
