/** One lazily loaded module per screen (route path → page component). */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ConsolePath } from '../../shared/routes';

type Screen = LazyExoticComponent<ComponentType>;

function screen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): Screen {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

export const SCREENS: Record<ConsolePath, Screen> = {
  '/dashboard': screen(() => import('../features/dashboard/DashboardPage'), 'DashboardPage'),
  '/cost-optimization': screen(
    () => import('../features/cost-optimization/CostOptimizationPage'),
    'CostOptimizationPage',
  ),
  '/analytics': screen(() => import('../features/analytics/AnalyticsPage'), 'AnalyticsPage'),
  '/system-health': screen(() => import('../features/system-health/SystemHealthPage'), 'SystemHealthPage'),
  '/api-performance': screen(
    () => import('../features/api-performance/ApiPerformancePage'),
    'ApiPerformancePage',
  ),
  '/alerts': screen(() => import('../features/alerts/AlertsPage'), 'AlertsPage'),
  '/alert-rules': screen(() => import('../features/alert-rules/AlertRulesPage'), 'AlertRulesPage'),
  '/users': screen(() => import('../features/users/UsersPage'), 'UsersPage'),
  '/organization': screen(() => import('../features/organization/OrganizationPage'), 'OrganizationPage'),
  '/reports': screen(() => import('../features/reports/ReportsPage'), 'ReportsPage'),
  '/integrations': screen(() => import('../features/integrations/IntegrationsPage'), 'IntegrationsPage'),
  '/audit-logs': screen(() => import('../features/audit-logs/AuditLogsPage'), 'AuditLogsPage'),
  '/backup-recovery': screen(
    () => import('../features/backup-recovery/BackupRecoveryPage'),
    'BackupRecoveryPage',
  ),
  '/role-permissions': screen(
    () => import('../features/role-permissions/RolePermissionsPage'),
    'RolePermissionsPage',
  ),
  '/role-verification': screen(
    () => import('../features/role-verification/RoleVerificationPage'),
    'RoleVerificationPage',
  ),
  '/settings': screen(() => import('../features/settings/SettingsPage'), 'SettingsPage'),
};
