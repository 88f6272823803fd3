import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { provideAllResources } from '@/lib/i18n';
import { resources } from '@/lib/i18n-resources';

afterEach(() => {
  cleanup();
  // Node-environment tests (the legal PDFs) have no localStorage.
  globalThis.localStorage?.clear();
});

// Components render synchronously in tests, as in the prerender step: every translation is bundled.
provideAllResources(resources);
