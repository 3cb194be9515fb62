/** The banner's rotation timings (part 1 §2, §9) on fake timers. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BANNER } from '../../../shared/alerts';
import { createCarousel, type Carousel } from '../../../renderer/features/alerts-feed/carousel';

let carousel: Carousel;
beforeEach(() => {
  vi.useFakeTimers();
  carousel = createCarousel();
});
afterEach(() => {
  carousel.dispose();
  vi.useRealTimers();
});

const state = () => carousel.getState();

describe('banner carousel', () => {
  it('does not rotate one alert', () => {
    carousel.setCount(1);
    vi.advanceTimersByTime(10 * BANNER.rotateMs);
    expect(state()).toEqual({ index: 0, fading: false });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rotates every 8 s with a 150 ms fade when more than one is undismissed, wrapping around', () => {
    carousel.setCount(3);
    vi.advanceTimersByTime(BANNER.rotateMs - 1);
    expect(state()).toEqual({ index: 0, fading: false });
    vi.advanceTimersByTime(1);
    expect(state()).toEqual({ index: 0, fading: true });
    vi.advanceTimersByTime(BANNER.fadeMs - 1);
    expect(state()).toEqual({ index: 0, fading: true });
    vi.advanceTimersByTime(1);
    expect(state()).toEqual({ index: 1, fading: false });
    vi.advanceTimersByTime(BANNER.rotateMs);
    expect(state().index).toBe(2);
    vi.advanceTimersByTime(BANNER.rotateMs);
    expect(state().index).toBe(0);
  });

  it('next and previous wrap both ways and restart the 8 s', () => {
    carousel.setCount(3);
    vi.advanceTimersByTime(5_000);
    carousel.previous();
    vi.advanceTimersByTime(BANNER.fadeMs);
    expect(state()).toEqual({ index: 2, fading: false });
    // 8 s from the click, not from the start.
    vi.advanceTimersByTime(BANNER.rotateMs - BANNER.fadeMs - 1);
    expect(state().index).toBe(2);
    vi.advanceTimersByTime(1 + BANNER.fadeMs);
    expect(state().index).toBe(0);
    carousel.next();
    vi.advanceTimersByTime(BANNER.fadeMs);
    expect(state().index).toBe(1);
  });

  it('stops rotating when dismissals leave one, and keeps the index inside the list', () => {
    carousel.setCount(3);
    // Two quick clicks move two.
    carousel.next();
    carousel.next();
    vi.advanceTimersByTime(BANNER.fadeMs);
    expect(state().index).toBe(2);
    carousel.setCount(2);
    expect(state().index).toBe(0);
    carousel.next();
    vi.advanceTimersByTime(BANNER.fadeMs);
    expect(state().index).toBe(1);
    carousel.setCount(1);
    expect(state()).toEqual({ index: 0, fading: false });
    vi.advanceTimersByTime(10 * BANNER.rotateMs);
    expect(state().index).toBe(0);
    carousel.setCount(4);
    vi.advanceTimersByTime(BANNER.rotateMs + BANNER.fadeMs);
    expect(state().index).toBe(1);
  });

  it('tells its subscribers of each change', () => {
    const seen: string[] = [];
    carousel.subscribe(() => seen.push(`${state().index}${state().fading ? ' fading' : ''}`));
    carousel.setCount(2);
    vi.advanceTimersByTime(BANNER.rotateMs + BANNER.fadeMs);
    expect(seen).toEqual(['0 fading', '1']);
  });
});

describe('banner carousel under reduced motion', () => {
  it('neither rotates nor fades, and previous/next move at once', () => {
    carousel.setReducedMotion(true);
    carousel.setCount(3);
    vi.advanceTimersByTime(10 * BANNER.rotateMs);
    expect(state()).toEqual({ index: 0, fading: false });
    expect(vi.getTimerCount()).toBe(0);
    carousel.next();
    expect(state()).toEqual({ index: 1, fading: false });
    carousel.previous();
    carousel.previous();
    expect(state()).toEqual({ index: 2, fading: false });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops a rotation and a fade under way when asked, and rotates again when no longer asked', () => {
    carousel.setCount(3);
    vi.advanceTimersByTime(BANNER.rotateMs);
    expect(state()).toEqual({ index: 0, fading: true });
    carousel.setReducedMotion(true);
    expect(state()).toEqual({ index: 1, fading: false });
    expect(vi.getTimerCount()).toBe(0);
    carousel.setReducedMotion(false);
    vi.advanceTimersByTime(BANNER.rotateMs + BANNER.fadeMs);
    expect(state()).toEqual({ index: 2, fading: false });
  });
});
