import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { provideAllResources } from '@/lib/i18n';
import { resources } from '@/lib/i18n-resources';
import { preloadToasts } from '@/lib/toast';

afterEach(() => {
  cleanup();
  // Node-environment tests (the legal PDFs) have no localStorage.
  globalThis.localStorage?.clear();
});

/*
 * The web's files share a process and its jsdom per worker (decision 059): what a file leaves in
 * the window is put back after it, so the next file starts as in a page of its own.
 */
const isDom = typeof document !== 'undefined';
const startAddress = isDom ? window.location.href : '';
/** What the tests replace by assignment or `Object.defineProperty` (window.scrollTo, navigator.clipboard, …). */
const owned = isDom
  ? ([
      [window, ['scrollTo', 'matchMedia', 'fetch']],
      [navigator, ['clipboard', 'serviceWorker']],
      [document, ['referrer']],
    ] as const).flatMap(([target, keys]) =>
      keys.map((key) => ({ target, key, own: Object.getOwnPropertyDescriptor(target, key) })),
    )
  : [];

afterAll(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  // The app's own modules start afresh in the next file (a session ended by a 401, the anti-forgery
  // cookie's fetch, namespaces and scripts on their way); React, the router and the other
  // libraries stay loaded, which is most of what a file's own process used to cost.
  vi.resetModules();
  if (!isDom) return;
  for (const { target, key, own } of owned) {
    if (own) Object.defineProperty(target, key, own);
    else if (Object.getOwnPropertyDescriptor(target, key)?.configurable) Reflect.deleteProperty(target, key);
  }
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
  localStorage.clear();
  sessionStorage.clear();
  if (window.location.href !== startAddress) window.history.replaceState(null, '', startAddress);
  const html = document.documentElement;
  for (const attribute of [...html.attributes]) html.removeAttribute(attribute.name);
  document.head.replaceChildren();
  document.body.replaceChildren();
  for (const attribute of [...document.body.attributes]) document.body.removeAttribute(attribute.name);
  document.title = '';
});

// Components render synchronously in tests, as in the prerender step: every translation is bundled.
provideAllResources(resources);

// The toast library loads with the first toast in the app (issue 33); loaded here, a toast shows
// as soon as its action ends, as the tests expect.
await preloadToasts();
