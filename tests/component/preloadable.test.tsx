import { act, fireEvent, render, screen } from '@testing-library/react';
import { Suspense, useState, type ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadable } from '../../renderer/lib/preloadable';

/** A module whose loading the test finishes (or fails) when it chooses. */
function controlledModule() {
  let loads = 0;
  let settle: { resolve: () => void; reject: (error: Error) => void } | undefined;
  function Counter() {
    const [count, setCount] = useState(0);
    return <button onClick={() => setCount((c) => c + 1)}>Clicked {count}</button>;
  }
  const load = () =>
    new Promise<{ Counter: typeof Counter }>((resolve, reject) => {
      loads += 1;
      settle = { resolve: () => resolve({ Counter }), reject };
    });
  return {
    load,
    loads: () => loads,
    resolve: () => settle?.resolve(),
    reject: (error: Error) => settle?.reject(error),
  };
}

const inSuspense = (Screen: ComponentType) => (
  <Suspense fallback={<p>Loading screen</p>}>
    <Screen />
  </Suspense>
);

describe('preloadable', () => {
  it('suspends like React.lazy until its code is there', async () => {
    const module = controlledModule();
    const Screen = preloadable(module.load, 'Counter');
    render(inSuspense(Screen));
    expect(screen.getByText('Loading screen')).toBeTruthy();
    await act(async () => module.resolve());
    expect(await screen.findByRole('button', { name: 'Clicked 0' })).toBeTruthy();
    expect(module.loads()).toBe(1);
  });

  it('renders at once, without the fallback, once preloaded', async () => {
    const module = controlledModule();
    const Screen = preloadable(module.load, 'Counter');
    const preloaded = Screen.preload();
    module.resolve();
    await preloaded;
    render(inSuspense(Screen));
    expect(screen.queryByText('Loading screen')).toBeNull();
    expect(screen.getByRole('button', { name: 'Clicked 0' })).toBeTruthy();
    // Preloading again, or rendering, loads nothing more.
    await Screen.preload();
    expect(module.loads()).toBe(1);
  });

  it('keeps a screen mounted through later renders once its code arrived', async () => {
    const module = controlledModule();
    const Screen = preloadable(module.load, 'Counter');
    const { rerender } = render(inSuspense(Screen));
    await act(async () => module.resolve());
    fireEvent.click(await screen.findByRole('button', { name: 'Clicked 0' }));
    rerender(inSuspense(Screen));
    // Same instance: its state survived the parent's render.
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toBeTruthy();
  });

  it('tries a failed load again on the next use', async () => {
    const module = controlledModule();
    const Screen = preloadable(module.load, 'Counter');
    const first = Screen.preload();
    module.reject(new Error('Failed to fetch dynamically imported module'));
    await expect(first).rejects.toThrow('Failed to fetch');
    const second = Screen.preload();
    module.resolve();
    await second;
    expect(module.loads()).toBe(2);
    render(inSuspense(Screen));
    expect(screen.getByRole('button', { name: 'Clicked 0' })).toBeTruthy();
  });
});
