import { useRef, useState, type KeyboardEvent } from 'react';
import { clsx } from 'clsx';
import { ChevronDown, ChevronLeft, ChevronRight, ChevronUp } from 'lucide-react';
import { BANNER, byFilter, undismissed, wrapIndex, type AlertFilter } from '../../../shared/alerts';
import { IconButton } from '../../components/ui/Button';
import { AlertFilterSelect } from './AlertFilterSelect';
import { AlertLine, DismissAlertButton } from './AlertLine';
import { useDismissAlert } from './mutations';
import { useAlertFeed, useMinuteClock } from './queries';
import { ALERTS_FEED_TEXTS } from './texts';
import { useCarousel } from './useCarousel';

const TEXTS = ALERTS_FEED_TEXTS.banner;

/**
 * The alert banner of part 1 §2: one undismissed alert at a time, rotating every 8 s with a 150 ms fade
 * when there are several, previous/next and a counter, a dismiss button, and an expanded view of at
 * most 3 with the category filter. Hidden when every alert is dismissed.
 */
export function AlertBanner() {
  const { data: alerts = [] } = useAlertFeed();
  const [filter, setFilter] = useState<AlertFilter>('all');
  const [expanded, setExpanded] = useState(false);
  const expandButton = useRef<HTMLButtonElement>(null);
  const open = undismissed(alerts);
  const shown = byFilter(open, filter);
  const { index, fading, next, previous } = useCarousel(shown.length);
  const dismiss = useDismissAlert();
  const now = useMinuteClock();
  if (open.length === 0) return null;

  /**
   * Keyboard (issue 17): with focus on one of the banner's buttons, the left and right arrows step through
   * the alerts and Escape folds the expanded view back, returning focus to its toggle. The category
   * select keeps its own arrows.
   */
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!(event.target instanceof HTMLButtonElement)) return;
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      if (event.key === 'ArrowLeft') previous();
      else next();
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setExpanded(false);
      expandButton.current?.focus();
    }
  };

  const position = wrapIndex(index, shown.length);
  const current = shown[position];
  const several = shown.length > 1;

  return (
    <section
      aria-label={ALERTS_FEED_TEXTS.region}
      onKeyDown={onKeyDown}
      className="border-b border-line bg-surface-muted/60 px-4 py-2 sm:px-6 lg:px-8"
    >
      <div className="flex items-center gap-2">
        <div
          data-testid="alert-banner-current"
          aria-live="polite"
          className={clsx('min-w-0 flex-1 transition-opacity', fading ? 'opacity-0' : 'opacity-100')}
          style={{ transitionDuration: `${BANNER.fadeMs}ms` }}
        >
          {current ? (
            <AlertLine alert={current} now={now} />
          ) : (
            <p className="text-sm text-muted">{TEXTS.emptyCategory}</p>
          )}
        </div>
        <span data-testid="alert-banner-counter" className="shrink-0 text-xs text-muted tabular-nums">
          {shown.length === 0 ? 0 : position + 1} / {shown.length}
        </span>
        <IconButton aria-label={TEXTS.previous} onClick={previous} disabled={!several} className="size-7">
          <ChevronLeft aria-hidden="true" className="size-4" />
        </IconButton>
        <IconButton aria-label={TEXTS.next} onClick={next} disabled={!several} className="size-7">
          <ChevronRight aria-hidden="true" className="size-4" />
        </IconButton>
        <IconButton
          ref={expandButton}
          aria-label={expanded ? TEXTS.collapse : TEXTS.expand}
          aria-expanded={expanded}
          onClick={() => setExpanded((value) => !value)}
          className="size-7"
        >
          {expanded ? (
            <ChevronUp aria-hidden="true" className="size-4" />
          ) : (
            <ChevronDown aria-hidden="true" className="size-4" />
          )}
        </IconButton>
        <DismissAlertButton
          label={TEXTS.dismiss}
          disabled={!current}
          onDismiss={() => current && dismiss.mutate(current.id)}
        />
      </div>
      {expanded && (
        <div className="mt-2 space-y-2">
          <AlertFilterSelect value={filter} onChange={setFilter} />
          <ul
            aria-label={TEXTS.latest}
            className="divide-y divide-line rounded-md border border-line bg-surface"
          >
            {shown.slice(0, BANNER.maxExpanded).map((alert) => (
              <li key={alert.id} className="flex items-center gap-2 px-3 py-2">
                <AlertLine alert={alert} now={now} className="flex-1" />
                <DismissAlertButton
                  label={ALERTS_FEED_TEXTS.dismiss(alert.title)}
                  onDismiss={() => dismiss.mutate(alert.id)}
                />
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
