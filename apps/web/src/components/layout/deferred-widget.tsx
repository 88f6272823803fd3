import { lazy, Suspense, useState, type ComponentType, type ReactElement, type ReactNode } from 'react';

export interface DeferredTriggerProps {
  onClick?: () => void;
  onPointerEnter?: () => void;
  onFocus?: () => void;
}

/**
 * A menu or dialog whose code loads on first use: until then only its trigger button is on the
 * page (the same markup the prerender wrote). Pointing at or focusing the button starts the
 * download; the first click renders the widget, which opens at once (onFirstUse) and from then
 * on owns its trigger, so focus returns to it when the widget closes.
 */
export function DeferredWidget<P extends object>({
  load,
  trigger,
  render,
  onFirstUse,
}: {
  load: () => Promise<{ default: ComponentType<P> }>;
  trigger: (props: DeferredTriggerProps) => ReactElement;
  render: (Widget: ComponentType<P>, trigger: ReactElement) => ReactNode;
  onFirstUse: () => void;
}) {
  const [Widget] = useState(() => lazy(load));
  const [used, setUsed] = useState(false);

  if (!used) {
    const preload = () => void load().catch(() => undefined);
    return trigger({
      onPointerEnter: preload,
      onFocus: preload,
      onClick: () => {
        setUsed(true);
        onFirstUse();
      },
    });
  }
  return <Suspense fallback={trigger({})}>{render(Widget, trigger({}))}</Suspense>;
}
