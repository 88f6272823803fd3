import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec 9: link-copy feedback lasts 2 seconds. */
export const COPY_FEEDBACK_MS = 2000;

/**
 * Copies text to the clipboard; `copied` stays true for 2 s after a success, and a second copy
 * within that time starts the 2 s again.
 */
export function useCopy(onError?: (error: unknown) => void) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = useCallback(
    async (text: string) => {
      try {
        await navigator.clipboard.writeText(text);
      } catch (error) {
        console.error('copy to clipboard failed', error);
        onError?.(error);
        return;
      }
      setCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
    },
    [onError],
  );

  return { copied, copy };
}
