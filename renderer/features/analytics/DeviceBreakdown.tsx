import type { DeviceShare } from '../../../shared/api/usage';
import { count } from './rules';
import { ANALYTICS_TEXTS } from './texts';

const TEXTS = ANALYTICS_TEXTS.devices;

function Shares({ title, shares }: { title: string; shares: readonly DeviceShare[] }) {
  return (
    <div>
      <h3 className="mb-2 text-xs font-medium tracking-wide text-muted uppercase">{title}</h3>
      {shares.length === 0 ? (
        <p className="text-sm text-muted">{TEXTS.empty}</p>
      ) : (
        <ul className="space-y-3">
          {shares.map((s) => (
            <li key={s.device} className="text-sm">
              <div className="flex justify-between gap-2">
                <span className="text-fg">{s.device}</span>
                <span className="text-fg tabular-nums">{TEXTS.share(s.percentage, count(s.sessions))}</span>
              </div>
              <div className="mt-1 h-2 rounded-full bg-surface-muted" aria-hidden="true">
                <div
                  className="h-2 rounded-full bg-accent"
                  style={{ width: `${Math.min(100, s.percentage)}%` }}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Sessions by host and OS, and by screen size class. */
export function DeviceBreakdown({
  devices,
  screens,
}: {
  devices: readonly DeviceShare[];
  screens: readonly DeviceShare[];
}) {
  return (
    <div className="space-y-6">
      <Shares title={TEXTS.hostAndSystem} shares={devices} />
      <Shares title={TEXTS.screenSize} shares={screens} />
    </div>
  );
}
