import {
  cloneElement,
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';

type TriggerElement = ReactElement<{
  ref?: Ref<HTMLElement>;
  onPointerEnter?: () => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
}>;

type TooltipSide = 'top' | 'right' | 'bottom' | 'left';

const LoadedTooltip = lazy(async () => {
  const { Tooltip, TooltipContent, TooltipTrigger } = await import('./tooltip');
  function Loaded({
    trigger,
    content,
    refocus,
    side,
  }: {
    trigger: TriggerElement;
    content: ReactNode;
    refocus: boolean;
    side: TooltipSide | undefined;
  }) {
    const ref = useRef<HTMLElement>(null);
    useEffect(() => {
      // The trigger was focused when the code arrived; the new element takes the focus over.
      if (refocus) ref.current?.focus();
    }, [refocus]);
    return (
      <Tooltip defaultOpen>
        <TooltipTrigger asChild>{cloneElement(trigger, { ref })}</TooltipTrigger>
        <TooltipContent side={side}>{content}</TooltipContent>
      </Tooltip>
    );
  }
  return { default: Loaded };
});

/**
 * A tooltip (see tooltip.tsx) whose code loads when its trigger is first pointed at or focused,
 * for public pages that should not carry the positioning library up front.
 */
export function LazyTooltip({
  content,
  children,
  side,
}: {
  content: ReactNode;
  children: TriggerElement;
  /** where it opens; above by default */
  side?: TooltipSide;
}) {
  const [active, setActive] = useState<'pointer' | 'focus' | null>(null);
  if (!active) {
    return cloneElement(children, {
      onPointerEnter: () => setActive('pointer'),
      onFocus: () => setActive('focus'),
    });
  }
  return (
    <Suspense fallback={children}>
      <LoadedTooltip trigger={children} content={content} refocus={active === 'focus'} side={side} />
    </Suspense>
  );
}
