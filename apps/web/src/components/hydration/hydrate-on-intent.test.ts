import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  holdEarlyClicks,
  INTENT_EVENTS,
  mayWaitForIntent,
  startWhenWanted,
  waitForIntent,
} from './hydrate-on-intent';

function staticRoot(attributes: Record<string, string> = { 'data-hydrate': 'on-intent', 'data-lang': 'pl' }) {
  const root = document.createElement('div');
  root.id = 'root';
  for (const [name, value] of Object.entries(attributes)) root.setAttribute(name, value);
  root.innerHTML =
    '<header><button type="button">Menu</button><a href="/pl/faq"><span>FAQ</span></a></header>' +
    '<div><button type="button"><svg></svg><span>Send</span></button></div>';
  document.body.append(root);
  return root;
}

/** Lets pending promise callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
});

describe('mayWaitForIntent', () => {
  const anonymous = (language: 'pl' | 'en') => ({ language, signedIn: false });

  it('lets a page the prerender marked wait for an anonymous visitor in its language', () => {
    expect(mayWaitForIntent(staticRoot(), anonymous('pl'))).toBe(true);
  });

  it('starts at once on unmarked pages, for a signed-in visitor, and when the app would show another language', () => {
    expect(mayWaitForIntent(staticRoot({ 'data-lang': 'pl' }), anonymous('pl'))).toBe(false);
    expect(
      mayWaitForIntent(staticRoot({ 'data-hydrate': 'later', 'data-lang': 'pl' }), anonymous('pl')),
    ).toBe(false);
    expect(mayWaitForIntent(staticRoot(), { language: 'pl', signedIn: true })).toBe(false);
    expect(mayWaitForIntent(staticRoot(), anonymous('en'))).toBe(false);
  });

  it("reads the session, the stored language and the browser's languages as the app does", () => {
    const languages = vi.spyOn(navigator, 'languages', 'get');
    try {
      // An unprefixed address: the stored choice, then the browser's languages decide.
      window.history.replaceState(null, '', '/pricing');
      const root = staticRoot();
      languages.mockReturnValue(['pl-PL']);
      expect(mayWaitForIntent(root)).toBe(true);
      languages.mockReturnValue(['en-GB', 'pl']);
      expect(mayWaitForIntent(root)).toBe(false);
      localStorage.setItem('i18nextLng', 'pl');
      expect(mayWaitForIntent(root)).toBe(true);
      localStorage.setItem('auth_token', 'token');
      expect(mayWaitForIntent(root)).toBe(false);
      // A prefixed address names its language whatever the browser prefers.
      localStorage.clear();
      window.history.replaceState(null, '', '/pl/pricing');
      expect(mayWaitForIntent(root)).toBe(true);
    } finally {
      languages.mockRestore();
      window.history.replaceState(null, '', '/');
    }
  });
});

describe('holdEarlyClicks', () => {
  it('holds clicks on buttons, even on their icons, and clicks them again in order when replayed', () => {
    const root = staticRoot();
    const menu = root.querySelector('button');
    const replay = holdEarlyClicks();
    const pressed: string[] = [];
    root.addEventListener('click', (event) => {
      const control = (event.target as Element).closest('button');
      if (control && !event.defaultPrevented) pressed.push(control.textContent ?? '');
    });

    const first = new MouseEvent('click', { bubbles: true, cancelable: true });
    menu!.dispatchEvent(first);
    root.querySelector('svg')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(first.defaultPrevented).toBe(true);
    expect(pressed).toEqual([]);

    replay();
    expect(pressed).toEqual(['Menu', 'Send']);
    // Stopped holding: later clicks go through as they are.
    menu!.click();
    expect(pressed).toEqual(['Menu', 'Send', 'Menu']);
  });

  it('lets links navigate and forgets buttons no longer on the page', () => {
    const root = staticRoot();
    const replay = holdEarlyClicks();
    let linkHeld: boolean | null = null;
    root.addEventListener('click', (event) => {
      linkHeld = event.defaultPrevented;
      // jsdom cannot navigate.
      event.preventDefault();
    });
    root.querySelector('a span')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(linkHeld).toBe(false);

    const menu = root.querySelector('button')!;
    menu.click();
    menu.remove();
    const clicked = vi.fn();
    menu.addEventListener('click', clicked);
    replay();
    expect(clicked).not.toHaveBeenCalled();
  });
});

describe('waitForIntent', () => {
  it.each(INTENT_EVENTS)('resolves on %s and not before', async (type) => {
    let started = false;
    void waitForIntent().then(() => {
      started = true;
    });
    await settle();
    expect(started).toBe(false);
    document.body.dispatchEvent(new Event(type, { bubbles: true }));
    await settle();
    expect(started).toBe(true);
  });
});

describe('startWhenWanted', () => {
  let start: ReturnType<typeof vi.fn<() => Promise<void>>>;
  beforeEach(() => {
    start = vi.fn(() => Promise.resolve());
    // The static pages' language: the address names it.
    window.history.replaceState(null, '', '/pl/pricing');
  });
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('starts at once on a page that may not wait, and presses again what was pressed while it started', async () => {
    const root = staticRoot({ 'data-lang': 'pl' });
    const menu = root.querySelector('button')!;
    const pressedAfterStart: boolean[] = [];
    let running = false;
    menu.addEventListener('click', (event) => {
      if (!event.defaultPrevented) pressedAfterStart.push(running);
    });
    start.mockImplementation(async () => {
      await settle();
      running = true;
    });
    const started = startWhenWanted(start);
    expect(start).toHaveBeenCalledOnce();
    menu.click();
    await started;
    expect(pressedAfterStart).toEqual([true]);
    expect(root).toHaveAttribute('data-hydrate', 'done');
  });

  it('starts a static page on the first input and then presses the buttons pressed meanwhile', async () => {
    const root = staticRoot();
    const menu = root.querySelector('button')!;
    const pressedAfterStart: boolean[] = [];
    let running = false;
    start.mockImplementation(async () => {
      running = true;
    });
    menu.addEventListener('click', (event) => {
      if (!event.defaultPrevented) pressedAfterStart.push(running);
    });

    const started = startWhenWanted(start);
    await settle();
    expect(start).not.toHaveBeenCalled();
    expect(root).toHaveAttribute('data-hydrate', 'on-intent');

    menu.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    menu.click();
    await started;
    expect(start).toHaveBeenCalledOnce();
    expect(pressedAfterStart).toEqual([true]);
    expect(root).toHaveAttribute('data-hydrate', 'done');
  });

  it('starts on a click alone, as a screen reader sends it, and presses that button', async () => {
    const root = staticRoot();
    const menu = root.querySelector('button')!;
    const pressed = vi.fn();
    menu.addEventListener('click', (event) => {
      if (!event.defaultPrevented) pressed();
    });
    const started = startWhenWanted(start);
    await settle();
    menu.click();
    await started;
    expect(start).toHaveBeenCalledOnce();
    expect(pressed).toHaveBeenCalledOnce();
  });
});
