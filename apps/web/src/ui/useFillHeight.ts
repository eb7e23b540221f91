import { useCallback, useEffect, useRef, useState } from 'react';

export interface FillHeightOptions {
  /** Pixels to keep free below the table besides the enclosing paddings (a pager, a footer). */
  reserve?: number;
  /** Never less than this (a small window then scrolls the page). Default 240. */
  min?: number;
}

/** The header a table draws above its scrolling body (antd's sticky header or a plain thead). */
const HEADER_SELECTOR = '.ant-table-header, .ant-table-thead';

/**
 * The height in px a table body may take so that the page fits the window: the window's height less
 * the top of the element `ref` is on (in page coordinates), the table header inside it, `reserve`, and
 * the bottom paddings, borders and margins of the elements around it (a card's padding, the layout's).
 * Follows window resizes and size changes of the page above (filters that wrap, a notice that appears).
 *
 * `const { ref, height } = useFillHeight<HTMLDivElement>({ reserve: 40 });`
 * `<div ref={ref}><Table virtual scroll={{ y: height }} … /></div>`
 */
export function useFillHeight<T extends HTMLElement>({ reserve = 0, min = 240 }: FillHeightOptions = {}) {
  const ref = useRef<T>(null);
  const [height, setHeight] = useState(min);

  const measure = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    const top = element.getBoundingClientRect().top + window.scrollY;
    const header = element.querySelector<HTMLElement>(HEADER_SELECTOR);
    const headerHeight = header ? header.getBoundingClientRect().height : 0;
    const free = window.innerHeight - top - headerHeight - reserve - bottomInsets(element);
    const next = Math.max(min, Math.floor(free));
    setHeight((previous) => (previous === next ? previous : next));
  }, [reserve, min]);

  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    let frame = 0;
    const schedule = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('resize', schedule);
    // The page's size changes when something above the table grows or shrinks; the header when its
    // titles wrap (another language). A change of the body's own height moves nothing above it.
    const observer = new ResizeObserver(schedule);
    observer.observe(document.body);
    const header = element.querySelector(HEADER_SELECTOR);
    if (header) observer.observe(header);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', schedule);
      observer.disconnect();
    };
  }, [measure]);

  return { ref, height };
}

/** The bottom paddings, borders and margins of `element` and the elements around it, up to the body. */
function bottomInsets(element: HTMLElement): number {
  let sum = 0;
  for (let node: HTMLElement | null = element; node && node !== document.body; node = node.parentElement) {
    const style = getComputedStyle(node);
    sum += px(style.marginBottom);
    if (node !== element) sum += px(style.paddingBottom) + px(style.borderBottomWidth);
  }
  return sum;
}

const px = (value: string) => Number.parseFloat(value) || 0;
