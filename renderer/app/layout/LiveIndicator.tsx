import { useIsFetching } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';

/**
 * The header's LIVE indicator (part 1 §2): a steady green dot that pings a few times each time the
 * console's data has been fetched again, then rests. A ping that never ended cost a quarter of a CPU core
 * for as long as the console was open (Chromium repaints the ring 60 times a second where it composites
 * in software: 2.7 s of CPU per 10 s against 0.2 s at rest, measured in Debian's Chromium).
 */
export function LiveIndicator() {
  const fetching = useIsFetching() > 0;
  const [pings, setPings] = useState(0);
  const wasFetching = useRef(fetching);
  useEffect(() => {
    if (wasFetching.current && !fetching) setPings((count) => count + 1);
    wasFetching.current = fetching;
  }, [fetching]);
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-700 dark:bg-emerald-500/10 dark:text-emerald-400">
      <span aria-hidden="true" className="relative flex size-2">
        {pings > 0 && (
          // A new key restarts the animation; it ends by itself after three rounds.
          <span
            key={pings}
            data-testid="live-ping"
            className="absolute inline-flex size-full animate-[ping_1s_cubic-bezier(0,0,0.2,1)_3] rounded-full bg-emerald-400 opacity-75 motion-reduce:hidden"
          />
        )}
        <span className="relative inline-flex size-2 rounded-full bg-emerald-500" />
      </span>
      LIVE
    </span>
  );
}
