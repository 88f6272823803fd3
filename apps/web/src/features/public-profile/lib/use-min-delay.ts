import { useEffect, useState } from 'react';

/**
 * False until `ms` have passed since the first render (spec 9: loading shown at least 1 s).
 * `waitedAlready`: the wait happened elsewhere (the server held the page for it, decision 012),
 * so it is true from the first render on.
 */
export function useMinDelay(ms: number, waitedAlready = false): boolean {
  const [elapsed, setElapsed] = useState(waitedAlready);
  useEffect(() => {
    if (elapsed) return;
    const timer = window.setTimeout(() => setElapsed(true), ms);
    return () => window.clearTimeout(timer);
  }, [ms, elapsed]);
  return elapsed;
}
