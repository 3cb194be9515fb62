import type { IntegerField, SettingsDraft } from './rules';

/** What each tab edits: the draft and one setter per kind of field. */
export interface TabProps {
  draft: SettingsDraft;
  /** A setting by its dotted path (`general.platformName`). */
  set: (path: string, value: unknown) => void;
  setInteger: (field: IntegerField, text: string) => void;
  setText: (field: 'ipWhitelistText' | 'smtpPassword', text: string) => void;
}
