import { useCallback, useEffect, useRef, useState } from 'react';
import { SETTINGS_STATUS_RESET_MS } from '../../../shared/settings';
import type { SaveStatus } from './rules';

/**
 * Part 2 §4: idle → saving → success ('Saved!') or error ('Error'), each back to idle after 3 s.
 * Answers the status and `run`, which drives it through one save.
 */
export function useSaveStatus(): [SaveStatus, (save: () => Promise<unknown>) => Promise<void>] {
  const [status, setStatus] = useState<SaveStatus>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const run = useCallback(async (save: () => Promise<unknown>) => {
    clearTimeout(timer.current);
    setStatus('saving');
    let outcome: SaveStatus;
    try {
      await save();
      outcome = 'success';
    } catch {
      outcome = 'error';
    }
    setStatus(outcome);
    timer.current = setTimeout(() => setStatus('idle'), SETTINGS_STATUS_RESET_MS);
  }, []);
  return [status, run];
}
