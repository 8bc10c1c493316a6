import { cloneElement, type ReactElement, type Ref, useEffect, useRef } from 'react';
import { onDemand, useOnDemand } from './on-demand';
import type { TooltipProps } from './tooltip.types';

export { TOOLTIP_DELAY_MS, type TooltipProps } from './tooltip.types';

// The tooltip layer (Radix, with its positioning) is fetched when a tooltip is first drawn; screens
// draw tooltips only where one can show (a hovered tile, a selection, a read-only account).
const popup = onDemand(() => import('./tooltip-popup'));

type WithRef = { ref?: Ref<HTMLElement> };

function setRef(ref: Ref<HTMLElement> | undefined, node: HTMLElement | null): void {
  if (typeof ref === 'function') ref(node);
  else if (ref) ref.current = node;
}

export function Tooltip(props: TooltipProps) {
  const [loaded, request] = useOnDemand(popup);
  const drawnAlone = useRef<HTMLElement | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: fetched once, on the first draw.
  useEffect(request, []);
  if (loaded) {
    // The element is drawn anew inside the tooltip layer; focus it again if it had the focus.
    const refocus = drawnAlone.current !== null && drawnAlone.current === document.activeElement;
    return <loaded.TooltipPopup {...props} refocus={refocus} />;
  }
  const child = props.children as ReactElement<WithRef>;
  return cloneElement(child, {
    ref: (node: HTMLElement | null) => {
      drawnAlone.current = node;
      setRef(child.props.ref, node);
    },
  });
}
