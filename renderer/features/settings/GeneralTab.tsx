import type { ServerHealth } from '../../../shared/api/business';
import { LANGUAGES, TIMEZONES } from '../../../shared/settings';
import { Card } from '../../components/ui/Card';
import { Figures, SelectField, TextField, Toggle } from './controls';
import type { TabProps } from './tabProps';

const uptime = (seconds: number) =>
  seconds >= 86_400
    ? `${Math.floor(seconds / 86_400)} d ${Math.floor((seconds % 86_400) / 3600)} h`
    : `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`;

/** The system-health panel of the spec, with the API server's real figures. */
export function SystemHealthPanel({ health }: { health: ServerHealth | undefined }) {
  return (
    <Card title="System health">
      {health ? (
        <Figures
          rows={[
            ['API server', health.status === 'ok' ? 'Healthy' : 'Degraded'],
            [
              'Database',
              health.database.reachable
                ? `${health.database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} · ${health.database.latencyMs ?? '–'} ms`
                : 'Unreachable',
            ],
            ['Uptime', uptime(health.uptimeSeconds)],
            ['Version', health.version],
          ]}
        />
      ) : (
        <p className="text-sm text-muted">Health figures are not available.</p>
      )}
    </Card>
  );
}

export function GeneralTab({ draft, set, health }: TabProps & { health: ServerHealth | undefined }) {
  const general = draft.settings.general;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card title="General settings">
        <div className="space-y-4">
          <TextField
            label="Platform name"
            value={general.platformName}
            onChange={(v) => set('general.platformName', v)}
          />
          <TextField
            label="Primary domain"
            value={general.primaryDomain}
            placeholder="console.example.com"
            onChange={(v) => set('general.primaryDomain', v)}
          />
          <SelectField
            label="Timezone"
            value={general.timezone}
            options={TIMEZONES}
            onChange={(v) => set('general.timezone', v)}
          />
          <SelectField
            label="Language"
            value={general.language}
            options={LANGUAGES}
            onChange={(v) => set('general.language', v)}
          />
          <Toggle
            label="Maintenance mode"
            description="Every call but a super administrator's is refused until it is turned off."
            checked={general.maintenanceMode}
            onChange={(v) => set('general.maintenanceMode', v)}
          />
          <Toggle
            label="Debug mode"
            description="The server logs at debug level."
            checked={general.debugMode}
            onChange={(v) => set('general.debugMode', v)}
          />
        </div>
      </Card>
      <SystemHealthPanel health={health} />
    </div>
  );
}
