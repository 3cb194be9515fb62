/** The settings form's pure rules: the draft the form edits, the save it sends, the button's label. */
import type { SettingsDocument, SystemSettings, SystemSettingsInput } from '../../../shared/api/settings';
import { SETTINGS_TEXTS } from '../../../shared/settings';

/** Fields typed as text and parsed as integers on save (part 2 §5). */
export const INTEGER_FIELDS = [
  'security.sessionTimeout',
  'performance.cacheTimeout',
  'performance.maxRequestsPerMinute',
  'integrations.smtp.port',
] as const;
export type IntegerField = (typeof INTEGER_FIELDS)[number];

export interface SettingsDraft {
  settings: SystemSettings;
  /** What the integer inputs hold, as typed. */
  integers: Record<IntegerField, string>;
  /** The IP whitelist textarea: one CIDR range per line. */
  ipWhitelistText: string;
  /** Empty: the stored SMTP password is kept. */
  smtpPassword: string;
}

const get = (settings: SystemSettings, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], settings);

function set(settings: SystemSettings, path: string, value: unknown): SystemSettings {
  const copy = structuredClone(settings) as unknown as Record<string, Record<string, unknown>>;
  const keys = path.split('.');
  let target: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[keys.at(-1)!] = value;
  return copy as unknown as SystemSettings;
}

export function draftOf(document: SettingsDocument): SettingsDraft {
  const integers = Object.fromEntries(
    INTEGER_FIELDS.map((field) => [field, String(get(document.settings, field))]),
  ) as Record<IntegerField, string>;
  return {
    settings: structuredClone(document.settings),
    integers,
    ipWhitelistText: document.settings.security.ipWhitelist.join('\n'),
    smtpPassword: '',
  };
}

export const withSetting = (draft: SettingsDraft, path: string, value: unknown): SettingsDraft => ({
  ...draft,
  settings: set(draft.settings, path, value),
});

/**
 * The save: integers parsed (text that is no integer is sent as typed, and the server names the field),
 * the whitelist as its lines (the server drops blank ones and names a bad one by its number).
 */
export function saveOf(draft: SettingsDraft, version: number) {
  let settings = draft.settings as unknown as SystemSettingsInput;
  for (const field of INTEGER_FIELDS) {
    const text = draft.integers[field].trim();
    const parsed = /^-?\d+$/.test(text) ? Number.parseInt(text, 10) : Number(text);
    settings = set(settings as never, field, text === '' ? null : parsed) as never;
  }
  settings = {
    ...settings,
    security: { ...settings.security, ipWhitelist: draft.ipWhitelistText.split(/\r?\n/) },
  };
  return {
    settings,
    version,
    ...(draft.smtpPassword === '' ? {} : { smtpPassword: draft.smtpPassword }),
  };
}

export type SaveStatus = 'idle' | 'saving' | 'success' | 'error';

export const SAVE_LABELS: Record<SaveStatus, string> = {
  idle: SETTINGS_TEXTS.save,
  saving: SETTINGS_TEXTS.saving,
  success: SETTINGS_TEXTS.saved,
  error: SETTINGS_TEXTS.error,
};
