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
//
// A role query asks for the style of every element it looks at and of each of its ancestors (is it
// hidden?), user-event again on every click, and jsdom matches every rule of Ant Design's sheets each
// time: the heavy screen tests spent most of their time there (issue 20). An element's style is kept
// until the document next changes (any node, attribute or text: `takeRecords` sees a change at once).
const computedStyle = window.getComputedStyle.bind(window);
let styles = new WeakMap<Element, CSSStyleDeclaration>();
const changes = new MutationObserver(() => (styles = new WeakMap()));
changes.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
window.getComputedStyle = (element: Element) => {
  if (changes.takeRecords().length > 0) styles = new WeakMap();
  let style = styles.get(element);
  if (!style) {
    style = computedStyle(element);
    styles.set(element, style);
  }
  return style;
};
