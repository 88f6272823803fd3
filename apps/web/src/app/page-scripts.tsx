import { Children, isValidElement, type ReactNode } from 'react';
import { Scripts, useMatches } from 'react-router';

/** A route whose pages need the app to be used (sign-in, dashboard, admin) says so in its handle. */
export interface ModulePreloadHandle {
  modulePreload?: boolean;
}

/** Whether the matched routes want their modules preloaded (any of them asking is enough). */
export function wantsModulePreload(handles: readonly unknown[]): boolean {
  return handles.some((handle) => (handle as ModulePreloadHandle | undefined)?.modulePreload === true);
}

/**
 * React Router's `<Scripts>`, without its `<link rel="modulepreload">` tags on pages that are read
 * before they are used (decision 030): the marketing pages, `/u/{seolink}` and the other
 * prerendered pages. `<Scripts>` writes one tag per chunk the page imports and React 19 hoists them
 * into `<head>`, where they compete with the first paint (Lighthouse counts every high-priority
 * script that finished before the paint as blocking it). The module script stays, so the browser
 * still loads the same modules and the app hydrates; the page just paints first. Pages whose routes
 * set `handle.modulePreload` (sign-in, dashboard, admin: nothing to do there before the app runs)
 * keep the tags.
 *
 * `Scripts` is called as a function, so its hooks are this component's own and the elements it
 * returns can be filtered; server and browser render the same filtered list, so hydration matches.
 */
export function PageScripts({ nonce }: { nonce?: string }): ReactNode {
  const preload = wantsModulePreload(useMatches().map((match) => match.handle));
  const rendered = Scripts({ nonce });
  if (preload || !isValidElement<{ children?: ReactNode }>(rendered)) return rendered;
  return Children.toArray(rendered.props.children).filter(
    (child) =>
      !(
        isValidElement<{ rel?: string }>(child) &&
        child.type === 'link' &&
        child.props.rel === 'modulepreload'
      ),
  );
}
