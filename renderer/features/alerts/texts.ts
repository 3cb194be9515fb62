/** What the alerting screens say (part 2 §8), in one place. */
export const ALERT_TEXTS = {
  /** A load failure is logged with this text, and the screen says it too. */
  loadFailed: 'Failed to load alert data',
} as const;
