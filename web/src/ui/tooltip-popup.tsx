import { Tooltip as RadixTooltip } from 'radix-ui';
import { useLayoutEffect, useRef } from 'react';
import { TOOLTIP_DELAY_MS, type TooltipProps } from './tooltip';
import './tooltip.css';

/** The Radix tooltip behind ui/tooltip, fetched when a tooltip is first drawn. */
export function TooltipPopup({
  content,
  children,
  side = 'top',
  open,
  onOpenChange,
  refocus,
}: TooltipProps & { refocus: boolean }) {
  const trigger = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the first draw takes over the focus.
  useLayoutEffect(() => {
    if (refocus) trigger.current?.focus();
  }, []);
  return (
    <RadixTooltip.Provider delayDuration={TOOLTIP_DELAY_MS}>
      <RadixTooltip.Root open={open} onOpenChange={onOpenChange}>
        <RadixTooltip.Trigger asChild ref={trigger}>
          {children}
        </RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content className="ui-tooltip" side={side} sideOffset={6} collisionPadding={8}>
            {content}
            <RadixTooltip.Arrow className="ui-tooltip__arrow" />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
