/** The server's message of a failed call, for the dialogs that show it. */
export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : 'The request failed';
