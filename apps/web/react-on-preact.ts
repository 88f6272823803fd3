import type { Alias } from 'vite';

/**
 * The app is written against React's API and runs on Preact (decision 008): the same components in
 * a third of the bytes. Every import of React, React DOM and their entry points resolves here, in
 * the browser build, the prerender and the component tests alike, so all three run one renderer.
 */
export const reactOnPreact: Alias[] = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react(-dom|-is)?$/, replacement: 'preact/compat' },
];
