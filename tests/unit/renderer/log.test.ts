// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOG_TEXT_MAX, rendererError, type RendererError } from '../../../shared/bridge/contract';
import { clip, forwardUncaughtErrors, logError, logScreenError } from '../../../renderer/lib/log';

/** The page's bridge, reduced to the one channel these helpers call. */
let sent: RendererError[];
let answer: () => Promise<unknown>;
beforeEach(() => {
  sent = [];
  answer = async () => ({ logged: true });
  Object.defineProperty(window, 'consoleApi', {
    configurable: true,
    value: {
      'log:error': (entry: RendererError) => {
        sent.push(entry);
        return answer();
      },
    },
  });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe("the renderer's log", () => {
  it('logError prints on the console and forwards the message, the cause and its stack', () => {
    const cause = new TypeError('boom');
    logError('Could not load the members', cause);
    expect(console.error).toHaveBeenCalledWith('Could not load the members', cause);
    expect(sent).toEqual([
      { source: 'logged', message: 'Could not load the members: TypeError: boom', stack: cause.stack },
    ]);
  });

  it('cuts texts to what the channel takes, so a huge error still arrives', () => {
    const huge = new Error('x'.repeat(3 * LOG_TEXT_MAX));
    logError('Failed', huge);
    const [entry] = sent;
    expect(entry?.message).toHaveLength(LOG_TEXT_MAX);
    expect(entry?.message.endsWith('… [cut]')).toBe(true);
    expect(rendererError.safeParse(entry).success).toBe(true);
    expect(clip('short')).toBe('short');
  });

  it('a bridge that refuses or is missing neither throws nor logs its own failure', async () => {
    answer = () => Promise.reject(new Error('The console is not reachable'));
    expect(() => logError('Logout failed', new Error('offline'))).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toHaveLength(1);
    expect(console.error).toHaveBeenCalledTimes(1);

    Object.defineProperty(window, 'consoleApi', { configurable: true, value: undefined });
    expect(() => logError('Without a bridge')).not.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

  it("forwards the page's uncaught errors and unhandled rejections until removed", () => {
    const stop = forwardUncaughtErrors(window);
    const thrown = new RangeError('out of range');
    window.dispatchEvent(new ErrorEvent('error', { error: thrown, message: thrown.message }));
    const rejection = Object.assign(new Event('unhandledrejection'), { reason: 'plain reason' });
    window.dispatchEvent(rejection);
    logScreenError(new Error('render failed'));
    stop();
    window.dispatchEvent(new ErrorEvent('error', { message: 'after removal' }));
    expect(sent.map(({ source, message }) => ({ source, message }))).toEqual([
      { source: 'window', message: 'RangeError: out of range' },
      { source: 'unhandledrejection', message: 'plain reason' },
      { source: 'screen', message: 'Screen failed: Error: render failed' },
    ]);
    expect(sent[0]?.stack).toBe(thrown.stack);
  });
});
