import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';
import { deserialize, serialize } from 'node:v8';
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

// The answer checks copy an answer with structuredClone, which jsdom does not provide.
if (typeof globalThis.structuredClone === 'undefined') {
  Object.assign(globalThis, { structuredClone: (value: unknown) => deserialize(serialize(value)) });
}
