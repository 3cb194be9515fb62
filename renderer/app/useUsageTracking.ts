import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { USAGE_HEARTBEAT_MS, usage } from '../lib/usage';

/**
 * Records the signed-in console's usage (issue 11): a session while the shell is shown, a page view per
 * route, a heartbeat each minute while the window has the focus; what is pending leaves when the page is
 * hidden. The session ends at sign-out (the auth store) or after 30 minutes without events (the server).
 */
export function useUsageTracking(): void {
  const { pathname } = useLocation();

  useEffect(() => {
    usage.start();
    const beat = window.setInterval(() => {
      if (document.hasFocus()) usage.heartbeat();
    }, USAGE_HEARTBEAT_MS);
    const onHidden = () => {
      if (document.visibilityState === 'hidden') void usage.flush();
    };
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      window.clearInterval(beat);
      document.removeEventListener('visibilitychange', onHidden);
    };
  }, []);

  useEffect(() => {
    usage.pageView(pathname);
  }, [pathname]);
}
