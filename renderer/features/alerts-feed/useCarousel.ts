import { useEffect, useState, useSyncExternalStore } from 'react';
import { createCarousel, type Carousel, type CarouselState } from './carousel';

/** The banner's rotation over `count` alerts (see carousel.ts). */
export function useCarousel(count: number): CarouselState & Pick<Carousel, 'next' | 'previous'> {
  const [carousel] = useState(createCarousel);
  useEffect(() => () => carousel.dispose(), [carousel]);
  useEffect(() => carousel.setCount(count), [carousel, count]);
  const state = useSyncExternalStore(carousel.subscribe, carousel.getState);
  return { ...state, next: carousel.next, previous: carousel.previous };
}
