import type { ReactNode } from 'react';

/**
 * A page's head tags. React 19 hoists <title>, <meta> and <link> into <head> wherever they are
 * rendered, on the server (which renders the whole document, app/root.tsx) and in the browser, so
 * this only names the intent. Structured data (<script type="application/ld+json">) stays where
 * it is rendered, which crawlers accept.
 */
export function DocumentHead({ children }: { children: ReactNode }) {
  return children;
}
