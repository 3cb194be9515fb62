import { useEffect, useState } from 'react';
import { call } from '../../lib/bridge';

/** How often a waiting sign-in asks whether the console's server is up yet. */
const POLL_MS = 400;

/**
 * Whether the console's own server is still starting (or restarting) while `waiting`: a sign-in made in
 * the first seconds of a first launch waits for it in main and goes on by itself once it answers; until
 * then the page says so instead of seeming to hang (issue 29). Asked, not pushed: it answers at once.
 */
export function useServerStarting(waiting: boolean): boolean {
  const [starting, setStarting] = useState(false);
  useEffect(() => {
    if (!waiting) return;
    let active = true;
    let timer: number | undefined;
    const check = async () => {
      const status = await call('app:serverStatus').catch(() => null);
      if (!active) return;
      const waitsForServer = status?.state === 'starting' || status?.state === 'restarting';
      setStarting(waitsForServer);
      if (waitsForServer) timer = window.setTimeout(() => void check(), POLL_MS);
    };
    void check();
    return () => {
      active = false;
      window.clearTimeout(timer);
      setStarting(false);
    };
  }, [waiting]);
  return waiting && starting;
}
