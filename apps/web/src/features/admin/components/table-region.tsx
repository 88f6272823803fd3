import { useId, type ReactNode } from 'react';

/**
 * A table with a screen-reader caption in a focusable region that scrolls sideways only when the
 * screen is too narrow for it (keyboard users scroll it with the arrow keys once it has focus).
 */
export function TableRegion({ caption, children }: { caption: string; children: ReactNode }) {
  const captionId = useId();
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-border bg-card focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <table className="w-full border-collapse text-sm">
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}
