import { lazy, useState, type ComponentType } from 'react';

/** A lazily loaded component whose code can be asked for before it is first rendered. */
export type Preloadable = ComponentType & { preload: () => Promise<void> };

/**
 * Like React.lazy, with `preload()`. Once the module is loaded the component renders it directly:
 * React.lazy always suspends on its first render, and a Suspense boundary that showed its fallback
 * holds the content back for about 300 ms (React 19), so code fetched ahead (during the sign-in's
 * password check) would still cost that wait. Before it is loaded, it suspends as React.lazy does.
 */
export function preloadable<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): Preloadable {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const get = () =>
    (loading ??= load().then(
      (module) => (loaded = module[name]),
      (error: unknown) => {
        // A failed fetch (the host restarted, a network blip) is tried again on the next use.
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => get().then((component) => ({ default: component })));
  function PreloadableComponent() {
    // Chosen once per mount: switching from Lazy to the loaded component on a later render would be
    // a different element type, and React would remount the screen and lose its state.
    const [Screen] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Screen />;
  }
  return Object.assign(PreloadableComponent, { preload: () => get().then(() => undefined) });
}
