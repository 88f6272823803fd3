/**
 * The copy of a server-rendered page in its loading state, sent before the page itself
 * (docs/decisions/012-server-rendered-profile-page.md). Imports nothing: the entry script uses it.
 */
export const LOADING_COPY_ID = 'page-loading';

/** The page hides the copy with a style once it has arrived; this drops it from the document. */
export function removeLoadingCopy(document: Document): void {
  document.getElementById(LOADING_COPY_ID)?.remove();
}
