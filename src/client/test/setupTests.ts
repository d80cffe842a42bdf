import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';
import { matchMediaMatching } from './matchMedia';

// antd reads these browser APIs that jsdom does not implement.
Object.defineProperty(window, 'matchMedia', { writable: true, value: matchMediaMatching() });

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;

// jsdom's getComputedStyle throws 'Not implemented' for pseudo-elements, which antd's Modal asks for.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

// react-router reads TextEncoder at import time; jsdom does not provide it.
if (typeof globalThis.TextEncoder === 'undefined') {
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}

// react-router's data routers build a Request for every navigation; jest's jsdom has none. Client
// routes here have no loaders or actions, so the URL, method and abort signal are all it reads.
if (typeof globalThis.Request === 'undefined') {
  class NavigationRequest {
    readonly url: string;
    readonly method: string;
    readonly signal: AbortSignal;
    constructor(input: string | URL, init: { method?: string; signal?: AbortSignal } = {}) {
      this.url = String(input);
      this.method = (init.method ?? 'GET').toUpperCase();
      this.signal = init.signal ?? new AbortController().signal;
    }
  }
  Object.assign(globalThis, { Request: NavigationRequest });
}
