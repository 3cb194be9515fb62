/** What the Page Not Found screen says (part 1 §2, an unknown address), in one place. */
export const NOT_FOUND_TEXTS = {
  /** The status code shown above the heading. */
  code: '404',
  title: 'Page Not Found',
  description: 'There is no page at this address.',
  /** The link back to the start. */
  backToDashboard: 'Go to the dashboard',
} as const;
