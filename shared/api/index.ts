import { auditEndpoints } from './audit';
import { alertEndpoints } from './alerts';
import { authEndpoints } from './auth';
import { exportEndpoints } from './exports';
import { jobEndpoints } from './jobs';
import { monitoringEndpoints } from './monitoring';
import { backupEndpoints } from './backups';
import { businessEndpoints } from './business';
import { childcareEndpoints } from './childcare';
import { organizationEndpoints } from './organizations';
import { roleEndpoints } from './roles';
import { usageEndpoints } from './usage';
import { integrationEndpoints } from './integrations';
import { settingsEndpoints } from './settings';
import { userEndpoints } from './users';
import { reportEndpoints } from './reports';
import { accountEndpoints } from './two-factor';
import type { Endpoint } from './endpoint';

export * from './endpoint';
export * from './envelope';
export * from './auth';
export * from './organizations';
export * from './childcare';
export * from './roles';
export * from './audit';
export * from './exports';
export * from './alerts';
export * from './business';
export * from './jobs';
export * from './usage';
export * from './settings';
export * from './users';
export * from './monitoring';
export * from './integrations';
export * from './reports';
export * from './two-factor';
export * from './backups';

/** Every HTTP endpoint of the contract, by name. Later issues add their groups here. */
export const ENDPOINTS = {
  ...prefixed('auth', authEndpoints),
  ...prefixed('organizations', organizationEndpoints),
  ...prefixed('childcare', childcareEndpoints),
  ...prefixed('roles', roleEndpoints),
  ...prefixed('audit', auditEndpoints),
  ...prefixed('exports', exportEndpoints),
  ...prefixed('alerts', alertEndpoints),
  ...prefixed('business', businessEndpoints),
  ...prefixed('jobs', jobEndpoints),
  ...prefixed('usage', usageEndpoints),
  ...prefixed('settings', settingsEndpoints),
  ...prefixed('users', userEndpoints),
  ...prefixed('monitoring', monitoringEndpoints),
  ...prefixed('integrations', integrationEndpoints),
  ...prefixed('reports', reportEndpoints),
  ...prefixed('account', accountEndpoints),
  ...prefixed('backups', backupEndpoints),
} as const;

function prefixed<P extends string, T extends Record<string, Endpoint>>(
  prefix: P,
  group: T,
): { [K in keyof T & string as `${P}.${K}`]: T[K] } {
  return Object.fromEntries(Object.entries(group).map(([k, v]) => [`${prefix}.${k}`, v])) as never;
}
