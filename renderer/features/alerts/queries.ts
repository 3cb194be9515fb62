import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/bridge';
import { onlyLogged } from '../../lib/loadFailure';
import { userQueries } from '../users/queries';
import { ALERT_TEXTS } from './texts';

const logged = onlyLogged(ALERT_TEXTS.loadFailed);

/** Alerting's key space and queries: alerts, rules, notification settings, channels and muting. */
export const alertQueries = {
  all: () => ['alerting'] as const,
  /** New alerts fire on the server each minute: the list is read again as often. */
  alerts: () =>
    queryOptions({
      queryKey: [...alertQueries.all(), 'alerts'] as const,
      queryFn: () => call('alerts.listAlerts'),
      refetchInterval: 30_000,
      ...logged,
    }),
  rules: () =>
    queryOptions({
      queryKey: [...alertQueries.all(), 'rules'] as const,
      queryFn: () => call('alerts.listRules'),
      ...logged,
    }),
  settings: () =>
    queryOptions({
      queryKey: [...alertQueries.all(), 'settings'] as const,
      queryFn: () => call('alerts.getNotificationSettings'),
      ...logged,
    }),
  channels: () =>
    queryOptions({
      queryKey: [...alertQueries.all(), 'channels'] as const,
      queryFn: () => call('alerts.listChannels'),
      ...logged,
    }),
  silences: () =>
    queryOptions({
      queryKey: [...alertQueries.all(), 'silences'] as const,
      queryFn: () => call('alerts.listSilences'),
      ...logged,
    }),
  maintenance: () =>
    queryOptions({
      queryKey: [...alertQueries.all(), 'maintenance'] as const,
      queryFn: () => call('alerts.listMaintenanceWindows'),
      ...logged,
    }),
};

export const useAlerts = () => useQuery(alertQueries.alerts());

export const useRules = () => useQuery(alertQueries.rules());

export const useNotificationSettings = () => useQuery(alertQueries.settings());

export const useChannels = () => useQuery(alertQueries.channels());

export const useSilences = () => useQuery(alertQueries.silences());

export const useMaintenanceWindows = () => useQuery(alertQueries.maintenance());

/**
 * Who an alert can be assigned to: the active users who may see alerts, read from the users' own list
 * query (which needs users.manage; without it only "Assign to me" is offered, so the query does not run).
 */
export const useAssignees = (enabled: boolean) =>
  useQuery({
    ...userQueries.list(),
    enabled,
    select: (users) =>
      users
        .filter((u) => u.status === 'active' && u.permissions.includes('alerts.read'))
        .map((u) => ({ id: u.id, name: u.name, email: u.email }))
        .sort((a, b) => a.name.localeCompare(b.name)),
  });
