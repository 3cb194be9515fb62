import type { BrowserHost } from './host';
import { demoLines } from './demo';

/** The label of the address line; tests and scripts find the address with /Operations console: (\S+)/. */
export const ADDRESS_LINE_PREFIX = 'Operations console: ';

/** What the browser host prints on stdout once it is ready: the address, then the demo sign-ins. */
export function startupLines(host: Pick<BrowserHost, 'url' | 'core'>): string[] {
  return [`${ADDRESS_LINE_PREFIX}${host.url}`, ...(host.core.demo ? demoLines() : [])];
}
