import { accountModule } from './account/module';
import { alertsModule } from './alerts/module';
import { auditModule } from './audit/module';
import { authModule } from './auth/module';
import { backupsModule } from './backups/module';
import { businessModule } from './business/module';
import { childcareModule } from './childcare/module';
import { exportsModule } from './exports/module';
import { integrationsModule } from './integrations/module';
import { jobsModule } from './jobs/module';
import type { ServerModule } from './module';
import { monitoringModule } from './monitoring/module';
import { organizationsModule } from './organizations/module';
import { reportsModule } from './reports/module';
import { rolesModule } from './roles/module';
import { settingsModule } from './settings/module';
import { usageModule } from './usage/module';
import { usersModule } from './users/module';

/** Every endpoint group of the server, in the order their routes are registered. */
export const SERVER_MODULES: readonly ServerModule[] = [
  authModule,
  organizationsModule,
  childcareModule,
  rolesModule,
  auditModule,
  exportsModule,
  alertsModule,
  businessModule,
  jobsModule,
  usageModule,
  settingsModule,
  usersModule,
  accountModule,
  monitoringModule,
  integrationsModule,
  reportsModule,
  backupsModule,
];
