import { cleanup, configure } from '@testing-library/react';
import { afterAll, vi } from 'vitest';
import { setDisplayTimeZone } from './ui/table-dates';

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
//
// This file runs before every test file, and the files of one worker share one document (the web project
// does not isolate its files, vitest.config.ts): the measure is installed once per document.
const STYLES_KEPT = Symbol.for('lis.test.stylesKept');
const measuredWindow = window as Window & { [STYLES_KEPT]?: true };
if (!measuredWindow[STYLES_KEPT]) {
  measuredWindow[STYLES_KEPT] = true;
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
}

// The files of one worker share the document, the storage, the display zone and every module's state
// (vitest.config.ts: the web project is not isolated, which halves its time). Each file starts as a
// fresh page would: what an earlier file left — a dialog Ant Design keeps in the body after its test
// ended, a language or session in the storage, the server's time zone, a fake clock, a stubbed global
// or a spy — is cleared here, before the file's first test and again after its last.
const MACHINE_ZONE = Symbol.for('lis.test.machineZone');
const worker = globalThis as typeof globalThis & { [MACHINE_ZONE]?: string };
worker[MACHINE_ZONE] ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
const machineZone = worker[MACHINE_ZONE];

function startAsFreshPage(): void {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('lang');
  localStorage.clear();
  sessionStorage.clear();
  setDisplayTimeZone(machineZone);
}
startAsFreshPage();
afterAll(startAsFreshPage);
