/** What the System Health screen says (part 2 §8), in one place. */
export const HEALTH_TEXTS = {
  /** A load failure is only logged, with this text. */
  loadFailed: 'Failed to load system health',
} as const;
