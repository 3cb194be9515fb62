import type { ServerHealth } from '../../../shared/api/business';
import { LANGUAGES, TIMEZONES } from '../../../shared/settings';
import { Card } from '../../components/ui/Card';
import { Figures, SelectField, TextField, Toggle } from './controls';
import type { TabProps } from './tabProps';
import { SYSTEM_SETTINGS_TEXTS } from './texts';

const HEALTH = SYSTEM_SETTINGS_TEXTS.health;
const GENERAL = SYSTEM_SETTINGS_TEXTS.general;
const ENGINES = SYSTEM_SETTINGS_TEXTS.engines;

const uptime = (seconds: number) =>
  seconds >= 86_400
    ? HEALTH.uptimeDays(Math.floor(seconds / 86_400), Math.floor((seconds % 86_400) / 3600))
    : HEALTH.uptimeHours(Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60));

/** The system-health panel of the spec, with the API server's real figures. */
export function SystemHealthPanel({ health }: { health: ServerHealth | undefined }) {
  return (
    <Card title={HEALTH.title}>
      {health ? (
        <Figures
          rows={[
            [HEALTH.apiServer, health.status === 'ok' ? HEALTH.healthy : HEALTH.degraded],
            [
              HEALTH.database,
              health.database.reachable
                ? HEALTH.databaseFigure(
                    health.database.kind === 'postgres' ? ENGINES.postgres : ENGINES.pglite,
                    health.database.latencyMs ?? '–',
                  )
                : HEALTH.unreachable,
            ],
            [HEALTH.uptime, uptime(health.uptimeSeconds)],
            [HEALTH.version, health.version],
          ]}
        />
      ) : (
        <p className="text-sm text-muted">{HEALTH.unavailable}</p>
      )}
    </Card>
  );
}

export function GeneralTab({ draft, set, health }: TabProps & { health: ServerHealth | undefined }) {
  const general = draft.settings.general;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card title={GENERAL.title}>
        <div className="space-y-4">
          <TextField
            label={GENERAL.platformName}
            value={general.platformName}
            onChange={(v) => set('general.platformName', v)}
          />
          <TextField
            label={GENERAL.primaryDomain}
            value={general.primaryDomain}
            placeholder={GENERAL.primaryDomainPlaceholder}
            onChange={(v) => set('general.primaryDomain', v)}
          />
          <SelectField
            label={GENERAL.timezone}
            value={general.timezone}
            options={TIMEZONES}
            onChange={(v) => set('general.timezone', v)}
          />
          <SelectField
            label={GENERAL.language}
            value={general.language}
            options={LANGUAGES}
            onChange={(v) => set('general.language', v)}
          />
          <Toggle
            label={GENERAL.maintenanceMode}
            description={GENERAL.maintenanceModeAbout}
            checked={general.maintenanceMode}
            onChange={(v) => set('general.maintenanceMode', v)}
          />
          <Toggle
            label={GENERAL.debugMode}
            description={GENERAL.debugModeAbout}
            checked={general.debugMode}
            onChange={(v) => set('general.debugMode', v)}
          />
        </div>
      </Card>
      <SystemHealthPanel health={health} />
    </div>
  );
}
