import { createContext, useContext, useLayoutEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * Where prerendering collects head tags, which the prerender step renders itself and writes into
 * the page's <head>. Transitional: React Router's route `meta` replaces this (decision 016).
 */
export const HeadTagsContext = createContext<ReactNode[] | null>(null);

/**
 * Renders its children into document.head. In the browser they go in through a portal after
 * mount, so hydration never has to match the head; the prerendered copies stay until then (the
 * client removes them just before it hydrates, see entry-client.tsx).
 */
export function DocumentHead({ children }: { children: ReactNode }) {
  const collected = useContext(HeadTagsContext);
  const [mounted, setMounted] = useState(false);
  useLayoutEffect(() => setMounted(true), []);
  if (collected) {
    // Only the prerender renders with a collector, once per page; a side effect is safe there.
    collected.push(children);
    return null;
  }
  return mounted ? createPortal(children, document.head) : null;
}
