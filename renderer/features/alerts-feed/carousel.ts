import { BANNER, wrapIndex } from '../../../shared/alerts';

export interface CarouselState {
  /** The alert shown, wrapped into the list. */
  index: number;
  /** True during the fade between two alerts. */
  fading: boolean;
}

/**
 * The banner's rotation (part 1 §2, §9), without React so that its timing can be tested with fake
 * timers: every 8 s while more than one alert is undismissed it fades out for 150 ms, moves to the
 * next (wrapping around) and fades in. Previous/next do the same at once and restart the 8 s. With reduced
 * motion asked for (prefers-reduced-motion, issue 17) it neither rotates nor fades: previous/next move at once.
 */
export interface Carousel {
  getState(): CarouselState;
  subscribe(listener: () => void): () => void;
  /** How many alerts there are now (after an arrival or a dismissal). */
  setCount(count: number): void;
  next(): void;
  previous(): void;
  /** Whether the user asked for reduced motion; rotation stops while it holds. */
  setReducedMotion(reduced: boolean): void;
  dispose(): void;
}

export function createCarousel(): Carousel {
  let state: CarouselState = { index: 0, fading: false };
  let count = 0;
  let reducedMotion = false;
  let rotation: ReturnType<typeof setInterval> | undefined;
  let fade: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();

  const set = (next: CarouselState) => {
    if (next.index === state.index && next.fading === state.fading) return;
    state = next;
    for (const listener of [...listeners]) listener();
  };
  const stopRotation = () => {
    clearInterval(rotation);
    rotation = undefined;
  };
  const startRotation = () => {
    stopRotation();
    if (count > 1 && !reducedMotion) rotation = setInterval(() => move(1), BANNER.rotateMs);
  };
  /** Steps asked for during the current fade (two quick clicks move two). */
  let steps = 0;
  const move = (step: number) => {
    if (count <= 1) return;
    if (reducedMotion) {
      set({ index: wrapIndex(state.index + step, count), fading: false });
      return;
    }
    steps += step;
    if (fade !== undefined) return;
    set({ index: state.index, fading: true });
    fade = setTimeout(() => {
      fade = undefined;
      const moved = steps;
      steps = 0;
      set({ index: wrapIndex(state.index + moved, count), fading: false });
    }, BANNER.fadeMs);
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    setCount(next) {
      const rotating = rotation !== undefined;
      count = next;
      set({ index: wrapIndex(state.index, count), fading: state.fading });
      if (count <= 1) {
        stopRotation();
        clearTimeout(fade);
        fade = undefined;
        steps = 0;
        set({ index: state.index, fading: false });
      } else if (!rotating) {
        startRotation();
      }
    },
    setReducedMotion(reduced) {
      reducedMotion = reduced;
      if (reduced) {
        stopRotation();
        // A fade under way ends now, on the alert it was moving to.
        if (fade !== undefined) {
          clearTimeout(fade);
          fade = undefined;
          set({ index: wrapIndex(state.index + steps, count), fading: false });
          steps = 0;
        }
      } else {
        startRotation();
      }
    },
    next() {
      move(1);
      startRotation();
    },
    previous() {
      move(-1);
      startRotation();
    },
    dispose() {
      stopRotation();
      clearTimeout(fade);
      listeners.clear();
    },
  };
}
