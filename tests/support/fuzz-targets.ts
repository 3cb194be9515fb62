/** What the fuzzer (tests/support/fuzz.ts) runs against, for the test and the bench alike. */
import { BACKUP_DOWNLOAD_PATH, EXPORT_DOWNLOAD_PATH, REPORT_DOWNLOAD_PATH } from '../../shared/api';
import { contractOperations, downloadOperation, type FuzzOperation } from './fuzz';
import type { TenantFixture } from './tenancy';

/** Every contract endpoint and the download routes. */
export const fuzzOperations = (): FuzzOperation[] => [
  ...contractOperations(),
  ...[EXPORT_DOWNLOAD_PATH, REPORT_DOWNLOAD_PATH, BACKUP_DOWNLOAD_PATH].map(downloadOperation),
];

/**
 * Operations whose valid input, with the super admin's token, is not sent for real, and why. They are
 * fuzzed without a token, and with one only with inputs their schema refuses.
 */
export const DESTRUCTIVE: Readonly<Record<string, string>> = {
  'backups.restore': 'replaces the whole database under the fuzzer',
  'backups.runBackup': 'writes a whole archive per case',
  'backups.createLocation': 'creates a folder at the generated path',
  'auth.logout': "signs the fuzzer's super admin out",
  'settings.update':
    'a valid document can turn on the IP whitelist, maintenance mode or the rate limit and lock the fuzzer out',
  'settings.testEmail': 'reaches out to the generated mail server',
  'settings.testWebhook': 'reaches out to the configured address',
  'alerts.testChannel': 'reaches out to the generated address',
  'integrations.createIntegration': "its webhook would receive later cases' events at the generated address",
};

/** Ids that exist, so that the valid arm reaches past "not found" (never the fuzzer's own account). */
export const knownIds = (f: TenantFixture): string[] => [
  f.orgA,
  f.orgB,
  f.childA,
  f.childB,
  f.outsider.id,
  f.a.viewer.id,
  f.b.viewer.id,
];
