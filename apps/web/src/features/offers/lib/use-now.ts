import { useEffect, useState } from 'react';

/** Time left is shown to the minute, so the clock only needs to move once a minute. */
export const TIME_LEFT_TICK_MS = 60_000;

/** The current time, refreshed every `intervalMs` while the component is mounted. */
export function useNow(intervalMs = TIME_LEFT_TICK_MS): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
