import { act, render, screen, within } from '@testing-library/react';
import { createContext, useContext, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HydrateLater, hydrateProgressively, releaseAllSections, whenVisibleSectionsHydrated } from './hydrate-later';

/** Lets the queued tasks (setTimeout 0) run, one at a time. */
async function nextTask(): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      {name} {count}
    </button>
  );
}

function Page({ link = '/first' }: { link?: string }) {
  return (
    <main>
      <Counter name="shell" />
      <HydrateLater id="one">
        <section>
          <Counter name="one" />
          <a href={link}>link</a>
        </section>
      </HydrateLater>
      <HydrateLater id="two">
        <section>
          <Counter name="two" />
        </section>
      </HydrateLater>
    </main>
  );
}

let container: HTMLElement | null = null;

function prerendered(page: React.ReactElement): HTMLElement {
  container = document.createElement('div');
  container.innerHTML = renderToString(page);
  document.body.append(container);
  return container;
}

afterEach(() => {
  container?.remove();
  container = null;
});

describe('HydrateLater', () => {
  it('renders its children at once outside hydration', () => {
    render(<Page />);
    expect(screen.getByRole('button', { name: 'one 0' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'two 0' })).toBeInTheDocument();
  });

  it('keeps the server markup and hydrates one section per task, in page order', async () => {
    const root = prerendered(<Page />);
    const button = (name: RegExp) => within(root).getByRole('button', { name });
    const [shellButton, oneButton, twoButton] = [button(/^shell/), button(/^one/), button(/^two/)];

    act(() => hydrateProgressively(() => hydrateRoot(root, <Page />)));
    expect(root.querySelectorAll('section')).toHaveLength(2);

    // The shell is interactive at once; the sections are not hydrated yet.
    act(() => shellButton.click());
    expect(shellButton).toHaveTextContent('shell 1');
    act(() => oneButton.click());
    expect(oneButton).toHaveTextContent('one 0');

    // Clicking a button that is not hydrated yet changes nothing.
    const clicksCount = (button: HTMLElement) => {
      act(() => button.click());
      return !/ 0$/.test(button.textContent ?? '');
    };
    let tasks = 0;
    while (!clicksCount(oneButton) && tasks < 10) {
      await nextTask();
      tasks += 1;
    }
    expect(oneButton).toHaveTextContent('one 1');
    expect(twoButton).toHaveTextContent('two 0');
    expect(clicksCount(twoButton)).toBe(false);

    while (!clicksCount(twoButton) && tasks < 20) {
      await nextTask();
      tasks += 1;
    }
    expect(twoButton).toHaveTextContent('two 1');

    // Hydrated in place: the very same elements, nothing rendered twice.
    expect([...root.querySelectorAll('button')]).toEqual([shellButton, oneButton, twoButton]);
    expect(root.querySelectorAll('section')).toHaveLength(2);
  });

  it('applies what changed while a section waited, once it is hydrated', async () => {
    const root = prerendered(<Page link="/first" />);
    const link = within(root).getByRole('link');
    let update: (link: string) => void = () => undefined;
    function Host() {
      const [current, setCurrent] = useState('/first');
      update = setCurrent;
      return <Page link={current} />;
    }

    act(() => hydrateProgressively(() => hydrateRoot(root, <Host />)));
    act(() => update('/second'));
    expect(link).toHaveAttribute('href', '/first');

    for (let i = 0; i < 6; i++) await nextTask();
    expect(within(root).getByRole('link')).toBe(link);
    expect(link).toHaveAttribute('href', '/second');
  });
});

/** An IntersectionObserver whose sections come into view only when a test says so. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly observed = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(element: Element): void {
    this.observed.add(element);
  }
  unobserve(element: Element): void {
    this.observed.delete(element);
  }
  disconnect(): void {
    this.observed.clear();
  }
  /** The first report of a real observer: every observed element, near the viewport or not. */
  static report(near: Element[]): void {
    for (const observer of FakeIntersectionObserver.instances) {
      const entries = [...observer.observed].map(
        (target) => ({ target, isIntersecting: near.includes(target) }) as IntersectionObserverEntry,
      );
      observer.callback(entries, observer as unknown as IntersectionObserver);
    }
  }
  static show(element: Element): void {
    for (const observer of FakeIntersectionObserver.instances) {
      if (!observer.observed.has(element)) continue;
      const entry = { target: element, isIntersecting: true } as IntersectionObserverEntry;
      observer.callback([entry], observer as unknown as IntersectionObserver);
    }
  }
}

/** Hydrates <Page /> under a host that can replace it by another page, as a navigation does. */
function hydratePageThatChanges() {
  const root = prerendered(<Page />);
  let change: () => void = () => undefined;
  function Host() {
    const [other, setOther] = useState(false);
    change = () => setOther(true);
    return other ? <p>other page</p> : <Page />;
  }
  act(() => hydrateProgressively(() => hydrateRoot(root, <Host />)));
  return { root, showOther: () => change() };
}

describe('HydrateLater near the viewport', () => {
  beforeEach(() => {
    FakeIntersectionObserver.instances = [];
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  });
  afterEach(async () => {
    // Sections that never came into view would otherwise keep waiting into the next test.
    act(() => releaseAllSections());
    for (let i = 0; i < 4; i++) await nextTask();
    vi.unstubAllGlobals();
  });

  it('hydrates a section only once it comes near the viewport', async () => {
    const root = prerendered(<Page />);
    const [one, two] = [...root.querySelectorAll('section')];
    const oneButton = within(one!).getByRole('button');
    const twoButton = within(two!).getByRole('button');
    act(() => hydrateProgressively(() => hydrateRoot(root, <Page />)));
    expect(one).toHaveAttribute('data-hydrate-later', 'one');

    for (let i = 0; i < 5; i++) await nextTask();
    act(() => oneButton.click());
    expect(oneButton).toHaveTextContent('one 0');

    act(() => FakeIntersectionObserver.show(two!));
    await nextTask();
    act(() => twoButton.click());
    expect(twoButton).toHaveTextContent('two 1');
    act(() => oneButton.click());
    expect(oneButton).toHaveTextContent('one 0');
    expect(root.querySelectorAll('section')).toHaveLength(2);
  });

  it('tells once the sections near the viewport at the first hydration are hydrated', async () => {
    const root = prerendered(<Page />);
    const [one, two] = [...root.querySelectorAll('section')];
    act(() => hydrateProgressively(() => hydrateRoot(root, <Page />)));
    let hydrated = false;
    void whenVisibleSectionsHydrated().then(() => {
      hydrated = true;
    });
    // Not before the observer has said where the sections are.
    for (let i = 0; i < 3; i++) await nextTask();
    expect(hydrated).toBe(false);

    act(() => FakeIntersectionObserver.report([one!]));
    for (let i = 0; i < 3; i++) await nextTask();
    expect(hydrated).toBe(true);
    const oneButton = within(one!).getByRole('button');
    act(() => oneButton.click());
    expect(oneButton).toHaveTextContent('one 1');
    // The section far from the viewport still waits.
    const twoButton = within(two!).getByRole('button');
    act(() => twoButton.click());
    expect(twoButton).toHaveTextContent('two 0');
  });

  it('tells at once when no section waits', async () => {
    const root = prerendered(<Counter name="shell" />);
    act(() => hydrateProgressively(() => hydrateRoot(root, <Counter name="shell" />)));
    let hydrated = false;
    void whenVisibleSectionsHydrated().then(() => {
      hydrated = true;
    });
    await nextTask();
    expect(hydrated).toBe(true);
  });

  it('hydrates every waiting section when released, and leaves no markup behind when the page changes', async () => {
    const { root, showOther } = hydratePageThatChanges();
    const oneButton = within(root).getByRole('button', { name: /^one/ });

    act(() => releaseAllSections());
    for (let i = 0; i < 3; i++) await nextTask();
    act(() => oneButton.click());
    expect(oneButton).toHaveTextContent('one 1');

    act(() => showOther());
    expect(root.innerHTML).toBe('<p>other page</p>');
  });

  it('leaves no markup behind when the page changes before a section was hydrated', async () => {
    const { root, showOther } = hydratePageThatChanges();
    act(() => showOther());
    for (let i = 0; i < 3; i++) await nextTask();
    expect(root.innerHTML).toBe('<p>other page</p>');
  });

  it('renders a waiting section anew when a navigation changes what it shows, instead of hydrating stale markup', async () => {
    // Like the footer, whose links follow the language the route gives.
    const Language = createContext('pl');
    function Footer(attributes: { 'data-hydrate-later'?: string }) {
      const language = useContext(Language);
      return (
        <footer {...attributes}>
          <a href={`/${language}/about`}>{language === 'pl' ? 'O nas' : 'About us'}</a>
        </footer>
      );
    }
    let switchLanguage: (language: string) => void = () => undefined;
    function Layout() {
      const [language, setLanguage] = useState('pl');
      switchLanguage = setLanguage;
      return (
        <Language.Provider value={language}>
          <main>
            <Counter name="shell" />
          </main>
          <HydrateLater id="footer">
            <Footer />
          </HydrateLater>
        </Language.Provider>
      );
    }
    const root = prerendered(<Layout />);
    act(() => hydrateProgressively(() => hydrateRoot(root, <Layout />)));
    for (let i = 0; i < 3; i++) await nextTask();

    // The router releases the waiting sections as the navigation starts, before it renders.
    act(() => {
      releaseAllSections();
      switchLanguage('en');
    });
    for (let i = 0; i < 3; i++) await nextTask();

    const links = within(root).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveTextContent('About us');
    expect(links[0]).toHaveAttribute('href', '/en/about');
    expect(root.querySelectorAll('footer')).toHaveLength(1);
  });
});
