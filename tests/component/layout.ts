import { afterEach, beforeEach } from 'vitest';

/**
 * jsdom lays nothing out, so a virtual list sees a window of 0 px and renders no rows. This gives every
 * element a viewport (TanStack Virtual reads the scroll element's clientHeight and clientWidth) for the
 * tests of the calling file's describe block.
 */
export function withViewport(height: number, width = 800): void {
  const proto = HTMLElement.prototype;
  const saved = {
    clientHeight: Object.getOwnPropertyDescriptor(proto, 'clientHeight'),
    clientWidth: Object.getOwnPropertyDescriptor(proto, 'clientWidth'),
  };
  beforeEach(() => {
    Object.defineProperty(proto, 'clientHeight', { configurable: true, get: () => height });
    Object.defineProperty(proto, 'clientWidth', { configurable: true, get: () => width });
  });
  afterEach(() => {
    for (const [key, descriptor] of Object.entries(saved)) {
      if (descriptor) Object.defineProperty(proto, key, descriptor);
    }
  });
}
