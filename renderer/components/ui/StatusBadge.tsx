import { clsx } from 'clsx';
import type { Tone } from '../../../shared/monitoring';
import { TONE_BADGE } from './tone';

/** A status word on its tone's colour (services, endpoints, instances). */
export function StatusBadge({ status, tone }: { status: string; tone: Tone }) {
  return (
    <span
      data-tone={tone}
      className={clsx('rounded px-1.5 py-0.5 text-xs font-medium capitalize', TONE_BADGE[tone])}
    >
      {status}
    </span>
  );
}
