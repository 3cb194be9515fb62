import type { SystemSettings } from '../../shared/api/settings';

/** Fields whose values never enter the audit trail: they grant access to something. */
const SECRET_FIELDS = new Set(['integrations.slackWebhook']);
export const MASK = '********';

export interface SettingChange {
  field: string;
  from: unknown;
  to: unknown;
}

/** The fields a save changes, dotted (`security.sessionTimeout`), with secrets masked. */
export function settingsChanges(before: SystemSettings, after: SystemSettings): SettingChange[] {
  const changes: SettingChange[] = [];
  const walk = (a: unknown, b: unknown, path: string) => {
    if (isPlainObject(a) && isPlainObject(b)) {
      for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
        walk(a[key], b[key], path ? `${path}.${key}` : key);
      }
      return;
    }
    if (JSON.stringify(a) === JSON.stringify(b)) return;
    const secret = SECRET_FIELDS.has(path);
    changes.push({ field: path, from: secret ? masked(a) : a, to: secret ? masked(b) : b });
  };
  walk(before, after, '');
  return changes;
}

const masked = (value: unknown) => (value === '' || value === undefined ? '' : MASK);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
