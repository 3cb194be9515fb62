import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  MaintenanceWindowInput,
  NotificationSettings,
  RuleInput,
  RuleStatus,
  SilenceInput,
} from '../../../shared/alerting';
import { call } from '../../lib/bridge';
import { logError } from '../../lib/log';
import { saveFile } from '../../lib/save-file';
import { alertQueries } from './queries';

function useAlertingChange<I, O>(run: (input: I) => Promise<O>, what: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertQueries.all() }),
    onError: (error) => logError(`${what} failed`, error),
  });
}

export type AlertAction = 'acknowledge' | 'resolve' | 'suppress';

export const useAlertTransition = () =>
  useAlertingChange(
    ({ alertId, action, comment }: { alertId: string; action: AlertAction; comment: string }) => {
      const input = { params: { alertId }, body: { comment } };
      if (action === 'acknowledge') return call('alerts.acknowledgeAlert', input);
      if (action === 'resolve') return call('alerts.resolveAlert', input);
      return call('alerts.suppressAlert', input);
    },
    'Changing the alert',
  );

export const useAssignAlert = () =>
  useAlertingChange(
    ({ alertId, userId }: { alertId: string; userId: string | null }) =>
      call('alerts.assignAlert', { params: { alertId }, body: { userId } }),
    'Assigning the alert',
  );

export const useSaveNotificationSettings = () =>
  useAlertingChange(
    (body: NotificationSettings) => call('alerts.saveNotificationSettings', { body }),
    'Saving the notification settings',
  );

export const useSaveRule = () =>
  useAlertingChange(
    ({ id, rule }: { id: string | null; rule: RuleInput }) =>
      id
        ? call('alerts.updateRule', { params: { ruleId: id }, body: rule })
        : call('alerts.createRule', { body: rule }),
    'Saving the rule',
  );

/** What a rule would say over the last hour (changes nothing, so nothing is invalidated). */
export const usePreviewRule = () =>
  useMutation({
    mutationFn: (body: RuleInput) => call('alerts.previewRule', { body }),
    onError: (error) => logError('Previewing the rule failed', error),
  });

export const useSetRuleStatus = () =>
  useAlertingChange(
    ({ ruleId, status }: { ruleId: string; status: RuleStatus }) =>
      call('alerts.setRuleStatus', { params: { ruleId }, body: { status } }),
    'Changing the rule status',
  );

export const useDuplicateRule = () =>
  useAlertingChange(
    (ruleId: string) => call('alerts.duplicateRule', { params: { ruleId } }),
    'Duplicating the rule',
  );

export const useDeleteRule = () =>
  useAlertingChange(
    (ruleId: string) => call('alerts.deleteRule', { params: { ruleId } }),
    'Deleting the rule',
  );

export const useTestChannel = () =>
  useMutation({
    mutationFn: (body: { type: 'email' | 'slack' | 'webhook'; target: string }) =>
      call('alerts.testChannel', { body }),
    onError: (error) => logError('Sending the test notification failed', error),
  });

export const useCreateSilence = () =>
  useAlertingChange((body: SilenceInput) => call('alerts.createSilence', { body }), 'Creating the silence');

export const useDeleteSilence = () =>
  useAlertingChange((id: string) => call('alerts.deleteSilence', { params: { id } }), 'Ending the silence');

export const useCreateMaintenanceWindow = () =>
  useAlertingChange(
    (body: MaintenanceWindowInput) => call('alerts.createMaintenanceWindow', { body }),
    'Adding the maintenance window',
  );

export const useDeleteMaintenanceWindow = () =>
  useAlertingChange(
    (id: string) => call('alerts.deleteMaintenanceWindow', { params: { id } }),
    'Removing the maintenance window',
  );

/** Export through the existing alerts export (part 2 §7): 'alerts-export.csv'. */
export function useExportAlerts() {
  return useMutation({
    mutationFn: () => saveFile({ type: 'alerts', format: 'csv' }, 'alerts-export.csv'),
    onError: (error) => logError('Exporting the alerts failed', error),
  });
}
