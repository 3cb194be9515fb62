import { act, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../renderer/app/state/useAuthStore';
import { inactivityNotice, useInactivitySignOut } from '../../renderer/app/useInactivitySignOut';

function Probe({ minutes }: { minutes: number }) {
  useInactivitySignOut(minutes);
  return null;
}

const USER = { userId: 'u1', email: 'a@example.com', name: 'A', role: 'super_admin', permissions: [] };

describe('inactivity sign-out (session timeout, console half)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // No bridge in jsdom: the logout call fails and is logged; the console signs out all the same.
    useAuthStore.setState({ status: 'authenticated', user: USER, notice: null });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('signs out after the timeout without activity, with a notice saying why', async () => {
    render(<Probe minutes={2} />);
    await act(async () => vi.advanceTimersByTime(119_000));
    expect(useAuthStore.getState().status).toBe('authenticated');
    await act(async () => vi.advanceTimersByTime(16_000));
    expect(useAuthStore.getState()).toMatchObject({ status: 'unauthenticated', notice: inactivityNotice(2) });
  });

  it('counts from the last key press or click', async () => {
    render(<Probe minutes={2} />);
    await act(async () => vi.advanceTimersByTime(100_000));
    fireEvent.keyDown(window, { key: 'a' });
    await act(async () => vi.advanceTimersByTime(100_000));
    expect(useAuthStore.getState().status).toBe('authenticated');
    fireEvent.pointerDown(window);
    await act(async () => vi.advanceTimersByTime(110_000));
    expect(useAuthStore.getState().status).toBe('authenticated');
    await act(async () => vi.advanceTimersByTime(30_000));
    expect(useAuthStore.getState().status).toBe('unauthenticated');
  });
});
