/**
 * The one way to log a load failure that the spec says is "only logged" (part 1 §8, part 2 §8): the
 * query names the spec's text with `onlyLogged(text)`, and the query cache logs it once the query has
 * failed for good (its retries spent), whichever screen asked. Loads outside a query call
 * `logLoadFailure` with the same words.
 */
import { QueryCache } from '@tanstack/react-query';
import { logError } from './log';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { loadFailure?: string };
  }
}

/** Spread into a query's options: its failure is logged with this text. */
export const onlyLogged = (text: string) => ({ meta: { loadFailure: text } });

export function logLoadFailure(text: string, error: unknown): void {
  logError(text, error);
}

/** The query cache of every QueryClient of the console: it logs what `onlyLogged` named. */
export function loggingQueryCache(): QueryCache {
  return new QueryCache({
    onError: (error, query) => {
      const text = query.meta?.loadFailure;
      if (text) logLoadFailure(text, error);
    },
  });
}
