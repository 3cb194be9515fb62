import { useEffect, useState } from 'react';
import { lastLoginLabel } from '../../../shared/users';

const MINUTE = 60_000;

/** Last login in hours or days (part 2 §9), the exact instant on hover; it ages while the screen is open. */
export function LastLogin({ at, now }: { at: string | null; now?: number }) {
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    if (now !== undefined) return;
    const timer = setInterval(() => setTick(Date.now()), MINUTE);
    return () => clearInterval(timer);
  }, [now]);
  const label = lastLoginLabel(at, now ?? tick);
  return (
    <time dateTime={at ?? undefined} title={at ? new Date(at).toLocaleString() : undefined}>
      {label}
    </time>
  );
}
