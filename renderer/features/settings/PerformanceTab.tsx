import type { ServerHealth } from '../../../shared/api/business';
import { SETTINGS_BOUNDS } from '../../../shared/settings';
import { Card } from '../../components/ui/Card';
import { Figures, TextField, Toggle } from './controls';
import type { TabProps } from './tabProps';
import { SYSTEM_SETTINGS_TEXTS } from './texts';

const PERFORMANCE = SYSTEM_SETTINGS_TEXTS.performance;
const METRICS = SYSTEM_SETTINGS_TEXTS.metrics;
const ENGINES = SYSTEM_SETTINGS_TEXTS.engines;

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
      <Card title={PERFORMANCE.title}>
        <div className="space-y-4">
          <Toggle
            label={PERFORMANCE.caching}
            checked={performance.cachingEnabled}
            onChange={(v) => set('performance.cachingEnabled', v)}
          />
          <TextField
            label={PERFORMANCE.cacheTimeout}
            inputMode="numeric"
            value={draft.integers['performance.cacheTimeout']}
            hint={SYSTEM_SETTINGS_TEXTS.wholeNumber(cache.min, cache.max)}
            onChange={(v) => setInteger('performance.cacheTimeout', v)}
          />
          <Toggle
            label={PERFORMANCE.compression}
            checked={performance.compressionEnabled}
            onChange={(v) => set('performance.compressionEnabled', v)}
          />
          <Toggle
            label={PERFORMANCE.cdn}
            checked={performance.cdnEnabled}
            onChange={(v) => set('performance.cdnEnabled', v)}
          />
          <Toggle
            label={PERFORMANCE.rateLimiting}
            checked={performance.rateLimitEnabled}
            onChange={(v) => set('performance.rateLimitEnabled', v)}
          />
          <TextField
            label={PERFORMANCE.maxRequests}
            inputMode="numeric"
            disabled={!performance.rateLimitEnabled}
            value={draft.integers['performance.maxRequestsPerMinute']}
            hint={PERFORMANCE.maxRequestsHint(requests.min, requests.max)}
            onChange={(v) => setInteger('performance.maxRequestsPerMinute', v)}
          />
        </div>
      </Card>
      <Card title={METRICS.title}>
        <Figures
          rows={[
            [
              METRICS.databaseLatency,
              health?.database.latencyMs == null ? '–' : METRICS.milliseconds(health.database.latencyMs),
            ],
            [
              METRICS.database,
              health ? (health.database.kind === 'postgres' ? ENGINES.postgres : ENGINES.pglite) : '–',
            ],
            [
              METRICS.cache,
              performance.cachingEnabled
                ? METRICS.seconds(draft.integers['performance.cacheTimeout'])
                : SYSTEM_SETTINGS_TEXTS.off,
            ],
            [
              METRICS.rateLimit,
              performance.rateLimitEnabled
                ? METRICS.perMinute(draft.integers['performance.maxRequestsPerMinute'])
                : SYSTEM_SETTINGS_TEXTS.off,
            ],
          ]}
        />
      </Card>
    </div>
  );
}
