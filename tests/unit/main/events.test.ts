import { describe, expect, it } from 'vitest';
import { createBridgeEventBus, type BridgeEventMessage } from '../../../main/core/bridge/events';
import { createMemoryLogger } from '../../../main/core/logger';

describe('bridge event bus', () => {
  it('delivers contract events to every subscriber until it unsubscribes', () => {
    const bus = createBridgeEventBus(createMemoryLogger());
    const a: BridgeEventMessage[] = [];
    const b: BridgeEventMessage[] = [];
    const offA = bus.subscribe((m) => a.push(m));
    bus.subscribe((m) => b.push(m));
    bus.emit('auth:expired', { message: 'Authentication required' });
    offA();
    bus.emit('settings:themeChanged', { theme: 'dark' });
    expect(a).toEqual([{ event: 'auth:expired', payload: { message: 'Authentication required' } }]);
    expect(b).toHaveLength(2);
  });

  it('refuses a payload outside the contract', () => {
    const bus = createBridgeEventBus(createMemoryLogger());
    expect(() => bus.emit('settings:themeChanged', { theme: 'neon' } as never)).toThrow();
  });

  it('a failing subscriber does not stop the others, and is logged', () => {
    const logger = createMemoryLogger();
    const bus = createBridgeEventBus(logger);
    const seen: string[] = [];
    bus.subscribe(() => {
      throw new Error('window closed');
    });
    bus.subscribe((m) => seen.push(m.event));
    bus.emit('auth:expired', { message: 'x' });
    expect(seen).toEqual(['auth:expired']);
    expect(logger.lines.join('\n')).toMatch(/Delivering auth:expired failed: Error: window closed/);
  });
});
