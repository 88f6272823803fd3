import { createRoot } from 'react-dom/client';
import { Suspense, useLayoutEffect, useReducer, useState, type ReactNode } from 'react';

/**
 * Progressive hydration of a prerendered page (docs/decisions/009-progressive-hydration.md).
 *
 * Hydrating a whole page in one task kept a phone's main thread busy for hundreds of
 * milliseconds, ignoring taps. Sections wrapped in <HydrateLater> are hydrated one per task
 * instead, right after the layout: while a section waits, its server markup stays on the page
 * as it is (Preact keeps the DOM of a component that suspends during hydration and resumes
 * into it later). Outside the first hydration (the prerender, client-side navigation, tests
 * that render) the wrapper renders its children at once.
 */

/** A section waiting to be hydrated, with the children the server rendered it from. */
interface WaitingSection {
  released: boolean;
  promise: Promise<void>;
  children: ReactNode;
}

let hydrating = false;
const queue: (() => void)[] = [];
// By the section's id rather than in component state: Preact does not keep the state of a
// component that suspended before it ever rendered, so a parent's re-render meanwhile creates
// the section's component anew.
const sections = new Map<string, WaitingSection>();

function enqueue(id: string, children: ReactNode): WaitingSection {
  let release = () => undefined as void;
  const section: WaitingSection = {
    released: false,
    children,
    promise: new Promise<void>((resolve) => {
      release = resolve;
    }),
  };
  queue.push(() => {
    section.released = true;
    release();
  });
  sections.set(id, section);
  return section;
}

/** One waiting section per task, in page order. */
function releaseOnePerTask(): void {
  const next = queue.shift();
  if (!next) {
    // Each released section hydrated in its own task; any left were unmounted while waiting.
    sections.clear();
    return;
  }
  next();
  setTimeout(releaseOnePerTask, 0);
}

/**
 * Hydrates a prerendered page: sections first rendered during `hydrate` wait, and are released
 * one per task once it has returned.
 */
export function hydrateProgressively(hydrate: () => void): void {
  hydrating = true;
  try {
    hydrate();
  } finally {
    hydrating = false;
    setTimeout(releaseOnePerTask, 0);
  }
}

function Section({ id, children }: { id: string; children: ReactNode }) {
  const waiting = sections.get(id) ?? (hydrating ? enqueue(id, children) : null);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  if (waiting && !waiting.released) throw waiting.promise;
  useLayoutEffect(() => {
    if (!waiting) return;
    sections.delete(id);
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
 * A part of a prerendered page that may be hydrated in a later task than the rest. Its children
 * must render one element; `id` names the section, unique on the page.
 */
export function HydrateLater({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Section id={id}>{children}</Section>
    </Suspense>
  );
}
