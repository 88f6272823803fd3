import { createContext, useContext, useLayoutEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * Where the old prerender step collects head tags, which it renders itself and writes into the
 * page's <head>. Transitional, with `DocumentHead`'s portal: the framework build (decision 016)
 * renders the whole document, and React 19 hoists <title>, <meta> and <link> into <head> itself.
 */
export const HeadTagsContext = createContext<ReactNode[] | null>(null);

/** Set by the framework's root (app/root.tsx): head tags are rendered in place and React hoists them. */
export const NativeHeadContext = createContext(false);

/**
 * Renders its children into document.head. Under the framework they are rendered in place (React
 * hoists them, on the server and in the browser alike); under the old build they go in through a
 * portal after mount, so hydration never has to match the head.
 */
export function DocumentHead({ children }: { children: ReactNode }) {
  const native = useContext(NativeHeadContext);
  const collected = useContext(HeadTagsContext);
  const [mounted, setMounted] = useState(false);
  useLayoutEffect(() => setMounted(true), []);
  if (native) return children;
  if (collected) {
    // Only the prerender renders with a collector, once per page; a side effect is safe there.
    collected.push(children);
    return null;
  }
  return mounted ? createPortal(children, document.head) : null;
}
