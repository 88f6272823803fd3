import { createRoot } from 'react-dom/client';
import {
  cloneElement,
  Suspense,
  useLayoutEffect,
  useReducer,
  useRef,
  useState,
  type ReactElement,
  type ReactNode,
} from 'react';

/**
 * Progressive hydration of a prerendered page (docs/decisions/009-progressive-hydration.md).
 *
 * Hydrating a whole page in one task kept a phone's main thread busy for hundreds of
 * milliseconds, ignoring taps. Sections wrapped in <HydrateLater> are hydrated one per task
 * instead, after the layout, and only once they come near the viewport: a section nobody
 * scrolls to is plain server markup, whose links work as links. While a section waits, its
 * server markup stays on the page as it is (Preact keeps the DOM of a component that suspends
 * during hydration and resumes into it later). The first client-side navigation releases every
 * section still waiting. Outside the first hydration (the prerender, client-side navigation,
 * tests that render) the wrapper renders its children at once.
 */

const SECTION_ATTRIBUTE = 'data-hydrate-later';
/** How far outside the viewport a section starts hydrating, so it is ready before it is seen. */
const NEAR_VIEWPORT = '50% 0px';

/** A section waiting to be hydrated, with the children the server rendered it from. */
interface WaitingSection {
  id: string;
  released: boolean;
  /** near the viewport (or no longer to be kept waiting): hydrated at the next free task */
  due: boolean;
  /** released by a navigation: rendered anew, since its markup may no longer match what it shows */
  fresh: boolean;
  promise: Promise<void>;
  release: () => void;
  children: ReactNode;
}

let hydrating = false;
/** In page order: the order the sections were first rendered in. */
const queue: WaitingSection[] = [];
// By the section's id rather than in component state: Preact does not keep the state of a
// component that suspended before it ever rendered, so a parent's re-render meanwhile creates
// the section's component anew.
const sections = new Map<string, WaitingSection>();
let observer: IntersectionObserver | null = null;
let releaseScheduled = false;
/** Whether every section has been found near the viewport or not (the observer's first report). */
let placed = false;
const visibleHydratedWaiters: Array<() => void> = [];

function enqueue(id: string, children: ReactNode): WaitingSection {
  let resolve = () => undefined as void;
  const section: WaitingSection = {
    id,
    released: false,
    due: false,
    fresh: false,
    children,
    promise: new Promise<void>((done) => {
      resolve = done;
    }),
    release: () => {
      section.released = true;
      resolve();
    },
  };
  queue.push(section);
  sections.set(id, section);
  return section;
}

function scheduleRelease(): void {
  if (releaseScheduled) return;
  releaseScheduled = true;
  setTimeout(releaseNextDue, 0);
}

/** One due section per task, in page order. */
function releaseNextDue(): void {
  releaseScheduled = false;
  const index = queue.findIndex((section) => section.due);
  if (index !== -1) {
    const [next] = queue.splice(index, 1);
    next!.release();
    if (queue.some((section) => section.due)) scheduleRelease();
  }
  if (queue.length === 0) {
    observer?.disconnect();
    observer = null;
  }
  notifyIfVisibleHydrated();
}

function notifyIfVisibleHydrated(): void {
  if (!placed || releaseScheduled || queue.some((section) => section.due)) return;
  const waiters = visibleHydratedWaiters.splice(0);
  // A released section renders in a microtask; a task later it is on the page.
  if (waiters.length > 0) setTimeout(() => waiters.forEach((resolve) => resolve()), 0);
}

/**
 * Resolves once the sections near the viewport at the first hydration have been hydrated (at
 * once when there is nothing waiting), e.g. to repeat a click made before they could handle it.
 */
export function whenVisibleSectionsHydrated(): Promise<void> {
  return new Promise((resolve) => {
    visibleHydratedWaiters.push(resolve);
    notifyIfVisibleHydrated();
  });
}

function markDue(section: WaitingSection): void {
  section.due = true;
  scheduleRelease();
}

/** Hydrates each waiting section once it comes near the viewport. */
function watchWaitingSections(): void {
  if (typeof IntersectionObserver === 'undefined' || queue.length === 0) {
    placed = true;
    for (const section of queue) markDue(section);
    notifyIfVisibleHydrated();
    return;
  }
  const byElement = new Map<Element, WaitingSection>();
  observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const section = byElement.get(entry.target);
        if (!entry.isIntersecting || !section) continue;
        observer?.unobserve(entry.target);
        markDue(section);
      }
      placed = true;
      notifyIfVisibleHydrated();
    },
    { rootMargin: NEAR_VIEWPORT },
  );
  for (const section of queue) {
    const element = document.querySelector(`[${SECTION_ATTRIBUTE}="${CSS.escape(section.id)}"]`);
    if (element) {
      byElement.set(element, section);
      observer.observe(element);
    } else {
      markDue(section);
    }
  }
}

/**
 * Called as a client-side navigation starts: every section still waiting is rendered anew rather
 * than hydrated. Its server markup may be out of date by then (a language switch changes the
 * footer's links) and Preact would keep out-of-date attributes while hydrating.
 */
export function releaseAllSections(): void {
  observer?.disconnect();
  observer = null;
  queue.length = 0;
  placed = true;
  // Sections released but not rendered yet would hydrate against the same out-of-date markup.
  for (const section of sections.values()) {
    section.fresh = true;
    if (!section.released) section.release();
  }
  notifyIfVisibleHydrated();
}

/**
 * Hydrates a prerendered page: sections first rendered during `hydrate` wait, and are released
 * one per task once it has returned and they come near the viewport.
 */
export function hydrateProgressively(hydrate: () => void): void {
  hydrating = true;
  placed = false;
  try {
    hydrate();
  } finally {
    hydrating = false;
    watchWaitingSections();
  }
}

function Section({ id, children }: { id: string; children: ReactNode }) {
  const found = sections.get(id) ?? (hydrating ? enqueue(id, children) : null);
  const waiting = found?.fresh ? null : found;
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  if (waiting && !waiting.released) throw waiting.promise;
  useLayoutEffect(() => {
    if (found) sections.delete(id);
    if (!waiting) return;
    if (waiting.children !== children) rerender();
  });
  // The section hydrates with the children the server rendered, so the markup matches even when
  // the parent has re-rendered meanwhile (Preact does not patch attributes while hydrating);
  // newer children follow in a normal render.
  return waiting ? waiting.children : children;
}

function Warm() {
  const [value] = useState(0);
  useLayoutEffect(() => undefined, []);
  return (
    <div className="warm">
      <span>{value}</span>
    </div>
  );
}

/** Renders and removes a small tree off the page, so hydration does not pay for compiling the renderer. */
export function warmUpRenderer(): void {
  const container = document.createElement('div');
  const root = createRoot(container);
  root.render(<Warm />);
  root.unmount();
}

/**
 * A part of a prerendered page that may be hydrated in a later task than the rest. Its child is
 * one element that passes on its props to the DOM element it renders (the attribute that finds
 * it on the page); `id` names the section, unique on the page.
 */
export function HydrateLater({
  id,
  children,
}: {
  id: string;
  children: ReactElement<{ [SECTION_ATTRIBUTE]?: string }>;
}) {
  // A section released by a navigation gets a new boundary: the old one, still waiting, is
  // unmounted with its server markup, and the new one renders the section from scratch.
  const fresh = useRef(false);
  fresh.current ||= sections.get(id)?.fresh === true;
  return (
    <Suspense key={fresh.current ? 'fresh' : 'server'} fallback={null}>
      <Section id={id}>{cloneElement(children, { [SECTION_ATTRIBUTE]: id })}</Section>
    </Suspense>
  );
}
