import { clsx } from 'clsx';
import { CircleAlert, CircleCheck, CircleMinus, Info, OctagonAlert, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * What a status colour means. Colour is never the only carrier (issue 17, WCAG 1.4.1): every tone has its
 * own icon shape, and the badge says the status in words.
 */
export type StatusTone = 'ok' | 'warning' | 'critical' | 'info' | 'neutral';

interface ToneStyle {
  icon: LucideIcon;
  /** Text and icon colour, AA on the surfaces of both themes. */
  text: string;
  badge: string;
}

export const STATUS_TONES: Record<StatusTone, ToneStyle> = {
  ok: {
    icon: CircleCheck,
    text: 'text-green-700 dark:text-green-400',
    badge: 'bg-green-50 text-green-800 dark:bg-green-500/10 dark:text-green-300',
  },
  warning: {
    icon: CircleAlert,
    text: 'text-amber-700 dark:text-amber-400',
    badge: 'bg-amber-50 text-amber-800 dark:bg-amber-500/10 dark:text-amber-300',
  },
  critical: {
    icon: OctagonAlert,
    text: 'text-red-700 dark:text-red-400',
    badge: 'bg-red-50 text-red-800 dark:bg-red-500/10 dark:text-red-300',
  },
  info: {
    icon: Info,
    text: 'text-sky-700 dark:text-sky-400',
    badge: 'bg-sky-50 text-sky-800 dark:bg-sky-500/10 dark:text-sky-300',
  },
  neutral: {
    icon: CircleMinus,
    text: 'text-muted',
    badge: 'bg-surface-muted text-fg',
  },
};

/**
 * A status as an icon, for dense places (a list row, a tile's corner). `label` is what a screen reader
 * says and the pointer's tooltip shows; leave it out where the status is written beside the icon, which
 * is then decoration. `icon` replaces the tone's shape where a status set has its own (an organization's
 * trial, suspended, cancelled).
 */
export function StatusIcon({
  tone,
  label,
  icon,
  className,
}: {
  tone: StatusTone;
  label?: string;
  icon?: LucideIcon;
  className?: string;
}) {
  const Icon = icon ?? STATUS_TONES[tone].icon;
  const style = clsx('size-3.5 shrink-0', STATUS_TONES[tone].text, className);
  if (label === undefined) return <Icon aria-hidden="true" data-tone={tone} className={style} />;
  return (
    <Icon role="img" aria-label={label} data-tone={tone} className={style}>
      <title>{label}</title>
    </Icon>
  );
}

/** A status as a small pill: icon and words, coloured by tone. */
export function StatusBadge({ tone, children }: { tone: StatusTone; children: ReactNode }) {
  const { icon: Icon, badge } = STATUS_TONES[tone];
  return (
    <span
      data-tone={tone}
      className={clsx(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        badge,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5 shrink-0" />
      {children}
    </span>
  );
}

/**
 * The tone of a figure against two thresholds, where higher is worse (the spec's "red above X, yellow
 * above Y": error rates, usage, load): above `critical` critical, above `warning` warning, else ok.
 */
export function toneAbove(value: number, warning: number, critical: number): StatusTone {
  if (value > critical) return 'critical';
  if (value > warning) return 'warning';
  return 'ok';
}
