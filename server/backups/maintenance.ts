import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { systemSettingsVersions } from '../db/schema';
import { loadSettings, SETTINGS_CHANNEL, type SettingsStore } from '../settings/store';
import type { MaintenanceSwitch } from './recovery';

/**
 * The restore window uses the system settings' maintenance mode (only super admins get through). Leaving
 * it stores the settings the restore brought back as a newer version, with maintenance as it was before,
 * so every instance takes them.
 */
export function settingsMaintenance(db: Db, settings: SettingsStore, now: () => Date): MaintenanceSwitch {
  let before = false;
  const save = async (version: number, state: Awaited<ReturnType<typeof loadSettings>>, on: boolean) => {
    const next = { ...state.settings, general: { ...state.settings.general, maintenanceMode: on } };
    await db.transaction(async (tx) => {
      await tx.insert(systemSettingsVersions).values({
        version,
        settings: next,
        smtpPassword: state.smtpPassword,
        savedAt: now(),
        savedBy: null,
        savedByName: 'Backup & Recovery',
      });
      await tx.execute(sql`select pg_notify(${SETTINGS_CHANNEL}, ${String(version)})`);
    });
    settings.adopt({
      settings: next,
      version,
      savedAt: now(),
      savedBy: 'Backup & Recovery',
      smtpPassword: state.smtpPassword,
    });
  };
  return {
    async enter() {
      const current = await settings.current();
      before = current.settings.general.maintenanceMode;
      await save(current.version + 1, current, true);
    },
    async leave() {
      const restored = await loadSettings(db);
      const current = await settings.current();
      await save(Math.max(current.version, restored.version) + 1, restored, before);
    },
  };
}
