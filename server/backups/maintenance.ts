import type { Db } from '../db/client';
import type { SecretBox } from '../security/secret-box';
import {
  insertSettingsVersion,
  loadSettings,
  type SettingsState,
  type SettingsStore,
} from '../settings/store';
import type { MaintenanceSwitch } from './recovery';

/**
 * The restore window uses the system settings' maintenance mode (only super admins get through). Leaving
 * it stores the settings the restore brought back as a newer version, with maintenance as it was before,
 * so every instance takes them.
 */
export function settingsMaintenance(
  db: Db,
  settings: SettingsStore,
  box: SecretBox,
  now: () => Date,
): MaintenanceSwitch {
  let before = false;
  const save = async (version: number, state: SettingsState, on: boolean) => {
    const next = { ...state.settings, general: { ...state.settings.general, maintenanceMode: on } };
    const saved = await db.transaction((tx) =>
      insertSettingsVersion(tx, box, {
        version,
        settings: next,
        smtpPassword: state.smtpPassword,
        savedAt: now(),
        savedBy: { userId: null, name: 'Backup & Recovery' },
      }),
    );
    settings.adopt(saved);
  };
  return {
    async enter() {
      const current = await settings.current();
      before = current.settings.general.maintenanceMode;
      await save(current.version + 1, current, true);
    },
    async leave() {
      const restored = await loadSettings(db, box);
      const current = await settings.current();
      await save(Math.max(current.version, restored.version) + 1, restored, before);
    },
  };
}
