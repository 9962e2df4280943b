// Shared set-up for every front-end component test (jsdom).
import '@testing-library/jest-dom/vitest';
import { act, cleanup } from '@testing-library/react';
import { Modal, notification } from 'antd';
import { afterEach, vi } from 'vitest';

afterEach(async () => {
  cleanup();
  // Toasts and confirmations render outside the tested tree (antd's static holders): clear them too.
  // (Only once they exist: destroying first creates antd's holder outside any rendering test.)
  if (document.querySelector('.ant-notification, .ant-modal-root')) {
    await act(async () => {
      notification.destroy();
      Modal.destroyAll();
    });
  }
  // A test that moved to the fake clock (to see that something did not happen) leaves it here.
  vi.useRealTimers();
});

// antd's responsive helpers need matchMedia, which jsdom lacks: answer width queries from
// window.innerWidth so a test can render at phone width by setting it.
const widthMatches = (query: string) => {
  const min = /min-width:\s*(\d+)px/.exec(query);
  const max = /max-width:\s*(\d+)px/.exec(query);
  return (!min || window.innerWidth >= Number(min[1])) && (!max || window.innerWidth <= Number(max[1]));
};
Object.defineProperty(window, 'matchMedia', {
  configurable: true,
  value: (query: string) => ({
    matches: widthMatches(query),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }),
});

// jsdom does not implement pseudo-element styles (antd's modal asks for them): use the element's.
const elementStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => elementStyle(element);

// jsdom lacks ResizeObserver, which antd's Table and Tabs use.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
