import type { ServerHealth } from '../../../shared/api/business';
import { SETTINGS_BOUNDS } from '../../../shared/settings';
import { Card } from '../../components/ui/Card';
import { Figures, TextField, Toggle } from './controls';
import type { TabProps } from './tabProps';

export function PerformanceTab({
  draft,
  set,
  setInteger,
  health,
}: TabProps & { health: ServerHealth | undefined }) {
  const performance = draft.settings.performance;
  const cache = SETTINGS_BOUNDS.cacheTimeout;
  const requests = SETTINGS_BOUNDS.maxRequestsPerMinute;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card title="Performance settings">
        <div className="space-y-4">
          <Toggle
            label="Caching"
            checked={performance.cachingEnabled}
            onChange={(v) => set('performance.cachingEnabled', v)}
          />
          <TextField
            label="Cache timeout (seconds)"
            inputMode="numeric"
            value={draft.integers['performance.cacheTimeout']}
            hint={`A whole number from ${cache.min} to ${cache.max}.`}
            onChange={(v) => setInteger('performance.cacheTimeout', v)}
          />
          <Toggle
            label="Compression"
            checked={performance.compressionEnabled}
            onChange={(v) => set('performance.compressionEnabled', v)}
          />
          <Toggle
            label="CDN"
            checked={performance.cdnEnabled}
            onChange={(v) => set('performance.cdnEnabled', v)}
          />
          <Toggle
            label="Rate limiting"
            checked={performance.rateLimitEnabled}
            onChange={(v) => set('performance.rateLimitEnabled', v)}
          />
          <TextField
            label="Max requests per minute"
            inputMode="numeric"
            disabled={!performance.rateLimitEnabled}
            value={draft.integers['performance.maxRequestsPerMinute']}
            hint={`A whole number from ${requests.min} to ${requests.max}, per user and per address.`}
            onChange={(v) => setInteger('performance.maxRequestsPerMinute', v)}
          />
        </div>
      </Card>
      <Card title="Performance metrics">
        <Figures
          rows={[
            [
              'Database latency',
              health?.database.latencyMs == null ? '–' : `${health.database.latencyMs} ms`,
            ],
            ['Database', health ? (health.database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite') : '–'],
            ['Cache', performance.cachingEnabled ? `${draft.integers['performance.cacheTimeout']} s` : 'Off'],
            [
              'Rate limit',
              performance.rateLimitEnabled
                ? `${draft.integers['performance.maxRequestsPerMinute']} / min`
                : 'Off',
            ],
          ]}
        />
      </Card>
    </div>
  );
}
