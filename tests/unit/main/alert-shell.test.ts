/**
 * The hosts' tray and notifier: Electron's (against a stand-in `electron` module: the binary cannot run
 * here) and the browser host's recording one.
 */
import { describe, expect, it, vi } from 'vitest';
import { createBridgeEventBus, type BridgeEventMessage } from '../../../main/core/bridge/events';
import { createMemoryLogger } from '../../../main/core/logger';
import { createRecordingShell } from '../../../main/browser/shell';

const fake = vi.hoisted(() => {
  const shown: { title: string; body: string; urgency: string }[] = [];
  const trays: { tooltip?: string; title?: string; destroyed: boolean; clicks: (() => void)[] }[] = [];
  let supported = true;
  class Notification {
    static isSupported = () => supported;
    constructor(private readonly options: { title: string; body: string; urgency: string }) {}
    show() {
      shown.push(this.options);
    }
  }
  class Tray {
    record: (typeof trays)[number] = { destroyed: false, clicks: [] };
    constructor() {
      trays.push(this.record);
    }
    setToolTip(text: string) {
      this.record.tooltip = text;
    }
    setTitle(text: string) {
      this.record.title = text;
    }
    on(_event: string, listener: () => void) {
      this.record.clicks.push(listener);
    }
    destroy() {
      this.record.destroyed = true;
    }
  }
  const electron = { Notification, Tray, nativeImage: { createFromDataURL: (url: string) => ({ url }) } };
  return { electron, shown, trays, setSupported: (value: boolean) => (supported = value) };
});
vi.mock('electron', () => ({ ...fake.electron, default: fake.electron }));

const { createElectronNotifier, createElectronTray } = await import('../../../main/electron/shell');

describe('Electron notifier and tray', () => {
  it('shows a notification, critical ones as critical, none where the OS has none', () => {
    const notifier = createElectronNotifier();
    notifier.notify({ title: 'Breach', body: 'Details', priority: 'critical' });
    notifier.notify({ title: 'Latency', body: 'Slow', priority: 'high' });
    expect(fake.shown).toEqual([
      { title: 'Breach', body: 'Details', urgency: 'critical' },
      { title: 'Latency', body: 'Slow', urgency: 'normal' },
    ]);
    fake.setSupported(false);
    notifier.notify({ title: 'Unseen', body: '', priority: 'critical' });
    expect(fake.shown).toHaveLength(2);
    fake.setSupported(true);
  });

  it('creates one tray on the first count, says the count, opens the window on click', () => {
    const onClick = vi.fn();
    const tray = createElectronTray(onClick);
    expect(fake.trays).toHaveLength(0);
    tray.setAlertCount(3);
    tray.setAlertCount(1);
    expect(fake.trays).toHaveLength(1);
    expect(fake.trays[0]?.tooltip).toBe('Operations Console: 1 undismissed alert');
    fake.trays[0]?.clicks[0]?.();
    expect(onClick).toHaveBeenCalledOnce();
    tray.destroy();
    expect(fake.trays[0]?.destroyed).toBe(true);
  });
});

describe('browser host recording shell', () => {
  it('records notifications and the tray count, and passes notifications to the page once connected', () => {
    const shell = createRecordingShell(() => new Date('2026-03-02T09:00:00.000Z'));
    shell.notifier.notify({ title: 'Early', body: '', priority: 'high' });
    const events = createBridgeEventBus(createMemoryLogger());
    const pushed: BridgeEventMessage[] = [];
    events.subscribe((message) => pushed.push(message));
    shell.connect(events);
    shell.notifier.notify({ title: 'Breach', body: 'Details', priority: 'critical' });
    shell.tray.setAlertCount(4);
    expect(shell.record()).toEqual({
      notifications: [
        { title: 'Early', body: '', priority: 'high', at: '2026-03-02T09:00:00.000Z' },
        { title: 'Breach', body: 'Details', priority: 'critical', at: '2026-03-02T09:00:00.000Z' },
      ],
      trayCount: 4,
    });
    expect(pushed).toEqual([
      { event: 'alerts:notification', payload: { title: 'Breach', body: 'Details', priority: 'critical' } },
    ]);
  });

  it('keeps the 100 most recent notifications', () => {
    const shell = createRecordingShell();
    for (let n = 1; n <= 105; n++) shell.notifier.notify({ title: `N${n}`, body: '', priority: 'high' });
    const { notifications } = shell.record();
    expect(notifications).toHaveLength(100);
    expect(notifications[0]?.title).toBe('N6');
  });
});
