import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Node-environment tests (the MQTT connection against a real broker) have no DOM to prepare.
const inBrowser = typeof window !== 'undefined';

// jsdom lacks what antd's responsive helpers and tables measure with.
if (inBrowser && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (inBrowser && !window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
// Scrolling the chat log is layout work jsdom does not do.
if (inBrowser) Element.prototype.scrollTo ??= () => undefined;

// Screens wait for fetches and antd transitions; give them time when the machine is busy.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  if (!inBrowser) return;
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
