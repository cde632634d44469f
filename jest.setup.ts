import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder as NodeTextDecoder, TextEncoder as NodeTextEncoder } from 'node:util';

// findBy*/waitFor wait up to 10 s, not Testing Library's 1 s: CI runs these tests on two busy
// cores, where a lazy route's first render alone can take longer than a second. Only a failing
// test waits that long.
configure({ asyncUtilTimeout: 10_000 });

// --- jsdom gaps that antd and the SPA shell rely on (web project) ---
if (typeof window !== 'undefined') {
  // react-router 7 needs TextEncoder/TextDecoder, which jest's jsdom environment lacks.
  if (typeof globalThis.TextEncoder === 'undefined') {
    Object.assign(globalThis, { TextEncoder: NodeTextEncoder, TextDecoder: NodeTextDecoder });
  }
  // window.matchMedia: evaluates (min-width)/(max-width) queries against window.innerWidth
  // (jsdom: 1024 px unless a test changes it), so antd's Grid.useBreakpoint behaves.
  if (!window.matchMedia) {
    const matches = (query: string): boolean =>
      query.split(/\s+and\s+/).every((part) => {
        const m = /\((min|max)-width:\s*(\d+(?:\.\d+)?)px\)/.exec(part);
        if (!m) return !/\(/.test(part) || part.includes('all');
        const px = Number(m[2]);
        return m[1] === 'min' ? window.innerWidth >= px : window.innerWidth <= px;
      });
    Object.defineProperty(window, 'matchMedia', {
      writable: true,
      configurable: true,
      value: (query: string): MediaQueryList => ({
        matches: matches(query),
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }),
    });
  }
  // ResizeObserver (antd's Menu overflow, Table, Typography ellipsis): observes nothing.
  if (typeof globalThis.ResizeObserver === 'undefined') {
    globalThis.ResizeObserver = class {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    };
  }
  // MessageChannel (antd's Form schedules work with it): a timer-based stand-in.
  if (typeof globalThis.MessageChannel === 'undefined') {
    type Port = { onmessage: ((event: { data: unknown }) => void) | null };
    const deliver = (port: Port, data: unknown) => setTimeout(() => port.onmessage?.({ data }), 0);
    class TimerMessageChannel {
      port1: Port & { postMessage: (data: unknown) => void };
      port2: Port & { postMessage: (data: unknown) => void };
      constructor() {
        this.port1 = { onmessage: null, postMessage: (data) => deliver(this.port2, data) };
        this.port2 = { onmessage: null, postMessage: (data) => deliver(this.port1, data) };
      }
    }
    Object.assign(globalThis, { MessageChannel: TimerMessageChannel });
  }
  // Request: react-router's data routers make one per navigation (url, method, signal only
  // matter without loaders); jsdom has no fetch API.
  if (typeof globalThis.Request === 'undefined') {
    class MinimalRequest {
      readonly url: string;
      readonly method: string;
      readonly signal: AbortSignal;
      readonly body: unknown;
      constructor(input: string | URL | MinimalRequest, init: RequestInit = {}) {
        this.url = input instanceof MinimalRequest ? input.url : String(input);
        this.method = (init.method ?? 'GET').toUpperCase();
        this.signal = init.signal ?? new AbortController().signal;
        this.body = init.body ?? null;
      }
    }
    Object.assign(globalThis, { Request: MinimalRequest });
  }
  // jsdom logs "Not implemented" for these.
  window.scrollTo = (() => undefined) as typeof window.scrollTo;
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;
}

// @ant-design/icons' CommonJS build requires the ES-module file '@ant-design/colors/es/generate',
// which Jest's CommonJS runtime cannot parse: serve the package's CommonJS twin instead.
jest.mock('@ant-design/colors/es/generate', () =>
  jest.requireActual('@ant-design/colors/lib/generate'),
);
