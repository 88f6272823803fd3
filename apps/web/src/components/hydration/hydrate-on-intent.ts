import type { Language } from '@/config/languages';
import { detectBrowserLanguage } from '@/lib/language-detection';
import { TOKEN_KEY } from '@/lib/storage-keys';

/**
 * Starting the app on a static page only once the visitor reaches for it
 * (docs/decisions/010-hydrate-on-intent.md).
 *
 * The marketing pages are complete as prerendered HTML: text, pictures and links work without a
 * script. Running the app on them at load cost a phone hundreds of milliseconds of busy main
 * thread. On a page the prerender marked with `data-hydrate="on-intent"`, the app's code is
 * fetched at once (modulepreload) but runs on the visitor's first input: a touch, a key, a
 * pointer movement, focus, a wheel turn, a scroll or a click. Buttons pressed before the app has
 * taken over the page are pressed again for the visitor once it has. This module imports nothing
 * heavy: it is the page's first script.
 */

export const HYDRATE_ATTRIBUTE = 'data-hydrate';
export const HYDRATE_ON_INTENT = 'on-intent';
/** HYDRATE_ATTRIBUTE's value once the app runs the page (what a browser test waits for). */
export const HYDRATE_DONE = 'done';

/**
 * Any of these says someone is using the page; a crawler or an idle tab sends none of them. A
 * click alone comes from a screen reader activating a button, which may send nothing else.
 */
export const INTENT_EVENTS = [
  'pointerdown',
  'pointermove',
  'touchstart',
  'keydown',
  'focusin',
  'wheel',
  'scroll',
  'click',
] as const;

/** Controls whose click does nothing without the app; links are left to navigate as links. */
const HELD_CONTROLS = 'button, [role="button"], summary';

function isSignedIn(): boolean {
  try {
    return window.localStorage.getItem(TOKEN_KEY) !== null;
  } catch {
    return false;
  }
}

/** Who is looking at the page, as far as it matters before the app runs. */
export interface Visitor {
  /** The language the app would show (the same detection it uses). */
  language: Language;
  signedIn: boolean;
}

function currentVisitor(): Visitor {
  return { language: detectBrowserLanguage(window.location.pathname), signedIn: isSignedIn() };
}

/**
 * Whether the page may stay static until the visitor's first input. Not when the prerender did not
 * mark it, when someone is signed in (the header shows their dashboard link, which only the app
 * knows), or when the app would show another language than the page's (it replaces the markup
 * then, which should not wait for a touch).
 */
export function mayWaitForIntent(root: HTMLElement, visitor: Visitor = currentVisitor()): boolean {
  if (root.getAttribute(HYDRATE_ATTRIBUTE) !== HYDRATE_ON_INTENT) return false;
  return !visitor.signedIn && visitor.language === root.dataset.lang;
}

/**
 * Holds clicks on buttons until the app is running, then clicks them again in the same order (a
 * touch or a key starts the app, but its click arrives before the app has taken over). Returns
 * the function that stops holding and replays them.
 */
export function holdEarlyClicks(target: Window = window): () => void {
  const held: HTMLElement[] = [];
  const hold = (event: Event) => {
    const control = event.target instanceof Element ? event.target.closest<HTMLElement>(HELD_CONTROLS) : null;
    if (!control || control.closest('a[href]')) return;
    // A button in a form would submit it without the app's validation.
    event.preventDefault();
    held.push(control);
  };
  target.addEventListener('click', hold, true);
  return () => {
    target.removeEventListener('click', hold, true);
    for (const control of held.splice(0)) {
      if (control.isConnected) control.click();
    }
  };
}

/** Resolves on the first of INTENT_EVENTS. */
export function waitForIntent(target: Window = window): Promise<void> {
  return new Promise((resolve) => {
    const options = { capture: true, passive: true } as const;
    const go = () => {
      for (const type of INTENT_EVENTS) target.removeEventListener(type, go, options);
      resolve();
    };
    for (const type of INTENT_EVENTS) target.addEventListener(type, go, options);
  });
}

/**
 * Runs `start` (which loads the app and resolves once the visible part of the page is live) at
 * once, or on the visitor's first input when the page may wait for it.
 */
export async function startWhenWanted(start: () => Promise<void>, target: Window = window): Promise<void> {
  const root = target.document.getElementById('root');
  // Also on a page that starts at once: its prerendered buttons can be pressed while the app loads
  // (the contact form's send would otherwise submit the form natively and reload the page).
  const replay = holdEarlyClicks(target);
  try {
    if (root && mayWaitForIntent(root)) await waitForIntent(target);
    await start();
    root?.setAttribute(HYDRATE_ATTRIBUTE, HYDRATE_DONE);
  } finally {
    replay();
  }
}
