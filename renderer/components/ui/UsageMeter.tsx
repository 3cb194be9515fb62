import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { StatusIcon, type StatusTone } from './StatusBadge';

/** What a meter's colour says, in words, beside the figure (issue 17: never colour alone). */
const TONE_WORDS: Partial<Record<StatusTone, string>> = {
  warning: 'Warning',
  critical: 'Critical',
};

/**
 * A labelled bar for a share of a limit (usage, load, storage). The bar's colour is the screen's own
 * (the spec fixes it per meter: `barClassName`); the tone adds an icon and a word when the figure is in
 * its warning or critical band, so the state reads without the colour.
 */
export function UsageMeter({
  label,
  percent,
  detail,
  tone,
  barClassName,
  color,
}: {
  label: string;
  /** Share of the limit; the bar is capped at 100 %, the text is not. */
  percent: number;
  /** The figures beside the label, e.g. "8 / 10 (80%)". */
  detail: ReactNode;
  tone: StatusTone;
  barClassName: string;
  /** The spec's colour name, exposed for tests as data-color. */
  color?: string;
}) {
  const width = Math.min(100, Math.max(0, percent));
  const word = TONE_WORDS[tone];
  return (
    <div>
      <div className="mb-1 flex items-center justify-between gap-2 text-sm">
        <span className="font-medium text-fg">{label}</span>
        <span className="inline-flex items-center gap-1.5 text-muted">
          {word ? <StatusIcon tone={tone} label={word} /> : null}
          {detail}
        </span>
      </div>
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={width}
        aria-valuetext={word ? `${percent}%, ${word.toLowerCase()}` : `${percent}%`}
        data-color={color}
        data-tone={tone}
        className="h-2 overflow-hidden rounded-full bg-surface-muted"
      >
        <div className={clsx('h-full rounded-full', barClassName)} style={{ width: `${width}%` }} />
      </div>
    </div>
  );
}
