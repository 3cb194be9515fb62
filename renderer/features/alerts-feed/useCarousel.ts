import { useEffect, useState, useSyncExternalStore } from 'react';
import { useReducedMotion } from '../../lib/useReducedMotion';
import { createCarousel, type Carousel, type CarouselState } from './carousel';

/** The banner's rotation over `count` alerts (see carousel.ts), still when reduced motion is asked for. */
export function useCarousel(count: number): CarouselState & Pick<Carousel, 'next' | 'previous'> {
  const [carousel] = useState(createCarousel);
  const reducedMotion = useReducedMotion();
  useEffect(() => () => carousel.dispose(), [carousel]);
  // Before the count, so a first render under reduced motion never starts the rotation.
  useEffect(() => carousel.setReducedMotion(reducedMotion), [carousel, reducedMotion]);
  useEffect(() => carousel.setCount(count), [carousel, count]);
  const state = useSyncExternalStore(carousel.subscribe, carousel.getState);
  return { ...state, next: carousel.next, previous: carousel.previous };
}
