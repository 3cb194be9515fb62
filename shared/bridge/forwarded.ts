import { z } from 'zod';
import { ENDPOINTS, type Endpoint } from '../api';

/**
 * The endpoints the renderer may call through the bridge as they are: each becomes a channel named by
 * its ENDPOINTS key ('roles.listRoles'; hand-written channels are 'domain:verb'), whose input is
 * `{params?, query?, body?}` made of the endpoint's own schemas and whose output is the endpoint's data.
 * Explicit on purpose: a new endpoint is not reachable from the renderer until it is named here. Never
 * public, streaming or `auth.*` endpoints (tests/unit/shared/forwarded.test.ts holds to it).
 */
export const FORWARDED = [
  'organizations.list',
  'organizations.context',
  'organizations.get',
  'organizations.members',
  'organizations.stats',
  'organizations.update',
  'organizations.invite',
  'organizations.updateMember',
  'organizations.removeMember',
  'roles.listPermissions',
  'roles.listRoles',
  'roles.createRole',
  'roles.updateRole',
  'roles.deleteRole',
  'roles.grantPermission',
  'roles.revokePermission',
  'roles.assignUserRole',
  'roles.userPermissions',
  'roles.testRole',
  'audit.listAuditLogs',
  'audit.verifyAuditLogs',
  'exports.createExport',
  'exports.exportHistory',
  'exports.exportStatus',
  'business.serverHealth',
  'business.listSpend',
  'business.setSpend',
  'business.importCosts',
  'usage.analytics',
  'settings.console',
  'settings.read',
  'settings.update',
  'settings.testEmail',
  'settings.testWebhook',
  'users.listUsers',
  'users.userStats',
  'users.createUser',
  'users.updateUser',
  'users.setUserStatus',
  'users.resetUserPassword',
  'jobs.listQueues',
  'backups.overview',
  'backups.runBackup',
  'backups.createJob',
  'backups.updateJob',
  'backups.deleteJob',
  'backups.createLocation',
  'backups.checkLocations',
  'backups.restore',
  'backups.testRestore',
  'backups.restoreTest',
  'backups.updateRestoreTest',
  'backups.revealKey',
  'monitoring.systemHealth',
  'monitoring.apiPerformance',
  'monitoring.apiReport',
  'monitoring.serviceSummary',
  'integrations.listIntegrations',
  'integrations.createIntegration',
  'integrations.deleteIntegration',
  'integrations.setIntegrationEnabled',
  'integrations.syncIntegration',
  'integrations.rotateSecret',
  'integrations.revealApiKey',
  'integrations.listDeliveries',
  'integrations.replayDelivery',
  'integrations.listApiKeys',
  'integrations.generateApiKey',
  'integrations.regenerateApiKey',
  'integrations.revokeApiKey',
  'reports.listReports',
  'reports.createReport',
  'reports.updateReport',
  'reports.deleteReport',
  'reports.generateReport',
  'reports.reportData',
  'alerts.listAlerts',
  'alerts.acknowledgeAlert',
  'alerts.resolveAlert',
  'alerts.suppressAlert',
  'alerts.assignAlert',
  'alerts.getNotificationSettings',
  'alerts.saveNotificationSettings',
  'alerts.listRules',
  'alerts.createRule',
  'alerts.updateRule',
  'alerts.setRuleStatus',
  'alerts.duplicateRule',
  'alerts.deleteRule',
  'alerts.previewRule',
  'alerts.listChannels',
  'alerts.testChannel',
  'alerts.listSilences',
  'alerts.createSilence',
  'alerts.deleteSilence',
  'alerts.listMaintenanceWindows',
  'alerts.createMaintenanceWindow',
  'alerts.deleteMaintenanceWindow',
  'account.twoFactorStatus',
  'account.setupTwoFactor',
  'account.confirmTwoFactor',
  'users.resetTwoFactor',
  'users.joinOrganization',
] as const satisfies readonly (keyof typeof ENDPOINTS)[];

export type ForwardedChannel = (typeof FORWARDED)[number];
type EndpointOf<C extends ForwardedChannel> = (typeof ENDPOINTS)[C];

/** A part the endpoint declares; an absent one is inferred as the bare constraint `z.ZodType`. */
type Part<Name extends string, S> = z.ZodType extends S ? object : { [K in Name]: S };
type Flat<T> = { [K in keyof T]: T[K] };
type InputShape<E> =
  E extends Endpoint<infer P, infer Q, infer B, z.ZodType>
    ? Flat<Part<'params', P> & Part<'query', Q> & Part<'body', B>>
    : never;
type Parsed<S> = { [K in keyof S]: S[K] extends z.ZodType ? z.output<S[K]> : never };
type Given<S> = { [K in keyof S]: S[K] extends z.ZodType ? z.input<S[K]> : never };
/** No parts: the channel takes no input at all. */
type InputSchema<E> = keyof InputShape<E> extends never
  ? z.ZodUndefined
  : z.ZodType<Parsed<InputShape<E>>, Given<InputShape<E>>>;

export type ForwardedContract = {
  [C in ForwardedChannel]: { input: InputSchema<EndpointOf<C>>; output: EndpointOf<C>['data'] };
};

/** The channel input of one endpoint: a strict object of the parts it declares, or nothing. */
export function forwardedInput(endpoint: Endpoint): z.ZodType {
  const shape: Record<string, z.ZodType> = {};
  if (endpoint.params) shape.params = endpoint.params;
  if (endpoint.query) shape.query = endpoint.query;
  if (endpoint.body) shape.body = endpoint.body;
  return Object.keys(shape).length === 0 ? z.undefined() : z.object(shape).strict();
}

export const forwardedContract = Object.fromEntries(
  FORWARDED.map((channel) => {
    const endpoint: Endpoint = ENDPOINTS[channel];
    return [channel, { input: forwardedInput(endpoint), output: endpoint.data }];
  }),
) as ForwardedContract;

export function isForwardedChannel(value: unknown): value is ForwardedChannel {
  return typeof value === 'string' && (FORWARDED as readonly string[]).includes(value);
}
