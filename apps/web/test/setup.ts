import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { provideAllResources } from '@/lib/i18n';
import { resources } from '@/lib/i18n-resources';
import { preloadToasts } from '@/lib/toast';

afterEach(() => {
  cleanup();
  // Node-environment tests (the legal PDFs) have no localStorage.
  globalThis.localStorage?.clear();
});

// Components render synchronously in tests, as in the prerender step: every translation is bundled.
provideAllResources(resources);

// The toast library loads with the first toast in the app (issue 33); loaded here, a toast shows
// as soon as its action ends, as the tests expect.
await preloadToasts();
