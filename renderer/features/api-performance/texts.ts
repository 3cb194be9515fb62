/** What the API Performance screen says (part 2 §8), in one place. */
export const API_PERFORMANCE_TEXTS = {
  /** A load failure is only logged, with this text. */
  loadFailed: 'Failed to load API performance data',
} as const;
