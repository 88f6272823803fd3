import { createContext, use, useState } from 'react';

/** The stylesheet's text, given by app/entry.server.tsx (server and prerender only). */
export const StylesheetTextContext = createContext<string | null>(null);

const ELEMENT_ID = 'stylesheet';

/**
 * The whole stylesheet inside the document, so the first paint waits for no request: with a
 * `<link>`, Lighthouse's simulated network shares the bandwidth between the stylesheet and the
 * scripts' modulepreloads, which React places in <head> as well, and the first paint moved from
 * about 1.0 s to 2.3–2.6 s (bench/web). The browser keeps the text it was served: hydration
 * renders the same text from the document, and no script carries it. `href` is the stylesheet's
 * file, used only if the text is gone (never on a served page).
 */
export function InlineStylesheet({ href }: { href: string }) {
  const served = use(StylesheetTextContext);
  const [text] = useState(
    () => served ?? (typeof document === 'undefined' ? '' : (document.getElementById(ELEMENT_ID)?.textContent ?? '')),
  );
  if (!text) return <link rel="stylesheet" href={href} precedence="default" />;
  return <style id={ELEMENT_ID} dangerouslySetInnerHTML={{ __html: text }} />;
}
