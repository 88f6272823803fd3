import { useEffect, useState } from 'react';

/** False until `ms` have passed since the first render (spec 9: loading shown at least 1 s). */
export function useMinDelay(ms: number): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setElapsed(true), ms);
    return () => window.clearTimeout(timer);
  }, [ms]);
  return elapsed;
}
