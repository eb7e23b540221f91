import { configure } from '@testing-library/react';

// A loaded machine (tests run files in parallel) can take more than the default second to settle.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks what Ant Design measures with.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom does not implement pseudo-elements and logs "Not implemented" for every Ant Design measure:
// answer the element's own style instead, which is what those measures fall back to anyway.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);
