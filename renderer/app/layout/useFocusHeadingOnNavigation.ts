import { useEffect, useRef } from 'react';

/** How long a screen may take to show its heading (a lazy screen loads first) before focus stays put. */
const HEADING_WAIT_MS = 5_000;

/**
 * Moves focus to the screen's heading after a navigation (issue 17), so a keyboard or screen-reader
 * user starts on the new screen, hears its name, and tabs on from there instead of from the link they
 * left. The first screen after sign-in is left alone: the browser already starts at the document.
 */
export function useFocusHeadingOnNavigation(pathname: string, containerId: string): void {
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const container = document.getElementById(containerId);
    if (!container) return;
    const focusHeading = (): boolean => {
      const heading = container.querySelector('h1');
      if (!heading) return false;
      // Focusable by script only: a heading is not a stop of the tab order.
      heading.tabIndex = -1;
      heading.focus();
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(container, { childList: true, subtree: true });
    const timer = setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [pathname, containerId]);
}
