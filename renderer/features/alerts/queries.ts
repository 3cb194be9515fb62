import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/bridge';
import { logError } from '../../lib/log';

/** Part 2 §8: 'Failed to load alert data' is logged. */
export const ALERT_LOAD_FAILED = 'Failed to load alert data';

export const alertKeys = {
  all: ['alerting'] as const,
  alerts: () => [...alertKeys.all, 'alerts'] as const,
  rules: () => [...alertKeys.all, 'rules'] as const,
  settings: () => [...alertKeys.all, 'settings'] as const,
  channels: () => [...alertKeys.all, 'channels'] as const,
  silences: () => [...alertKeys.all, 'silences'] as const,
  maintenance: () => [...alertKeys.all, 'maintenance'] as const,
  assignees: () => [...alertKeys.all, 'assignees'] as const,
};

async function logged<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    logError(ALERT_LOAD_FAILED, error);
    throw error;
  }
}

/** New alerts fire on the server each minute: the list is read again as often. */
export const useAlerts = () =>
  useQuery({
    queryKey: alertKeys.alerts(),
    queryFn: () => logged(() => call('alerts.listAlerts')),
    refetchInterval: 30_000,
  });

export const useRules = () =>
  useQuery({ queryKey: alertKeys.rules(), queryFn: () => logged(() => call('alerts.listRules')) });

export const useNotificationSettings = () =>
  useQuery({
    queryKey: alertKeys.settings(),
    queryFn: () => logged(() => call('alerts.getNotificationSettings')),
  });

export const useChannels = () =>
  useQuery({ queryKey: alertKeys.channels(), queryFn: () => logged(() => call('alerts.listChannels')) });

export const useSilences = () =>
  useQuery({ queryKey: alertKeys.silences(), queryFn: () => logged(() => call('alerts.listSilences')) });

export const useMaintenanceWindows = () =>
  useQuery({
    queryKey: alertKeys.maintenance(),
    queryFn: () => logged(() => call('alerts.listMaintenanceWindows')),
  });

/**
 * Who an alert can be assigned to: the active users who may see alerts, from the users list (which needs
 * users.manage; without it only "Assign to me" is offered, so the query does not run).
 */
export const useAssignees = (enabled: boolean) =>
  useQuery({
    queryKey: alertKeys.assignees(),
    enabled,
    queryFn: async () => {
      const users = await logged(() => call('users.listUsers'));
      return users
        .filter((u) => u.status === 'active' && u.permissions.includes('alerts.read'))
        .map((u) => ({ id: u.id, name: u.name, email: u.email }))
        .sort((a, b) => a.name.localeCompare(b.name));
    },
  });
