import { useEffect, useRef } from 'react';

/**
 * The virtual table moves its rows sideways itself and keeps its body's native scrollLeft at 0. Focusing
 * a control outside the view (Tab onto a re-run button) makes the browser scroll the body natively, and
 * the header no longer lines up: put it back. Returns the ref of an element around the table.
 */
export function useVirtualHolderPinned<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const wrapper = ref.current;
    if (!wrapper) return;
    const onScroll = (event: Event) => {
      const target = event.target;
      if (target instanceof HTMLElement && target.scrollLeft !== 0 && isVirtualHolder(target))
        target.scrollLeft = 0;
    };
    wrapper.addEventListener('scroll', onScroll, true);
    return () => wrapper.removeEventListener('scroll', onScroll, true);
  }, []);
  return ref;
}

/** The virtual body or an element of it (the one the browser scrolls has no class of its own). */
const isVirtualHolder = (element: HTMLElement) => element.closest('[class*="-table-tbody-virtual"]') !== null;
