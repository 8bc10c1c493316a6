import { Tooltip as RadixTooltip } from 'radix-ui';
import { useLayoutEffect, useRef, useState } from 'react';
import { TOOLTIP_DELAY_MS, type TooltipProps } from './tooltip.types';
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
  // Radix told of its own open state announces an opening from an effect, which the just-mounted
  // content can hear as another tooltip opening and close itself when the renderer runs effects late
  // (Preact); held here, the opening is announced at once, before the content mounts.
  const [ownOpen, setOwnOpen] = useState(false);
  const shown = open ?? ownOpen;
  const changeOpen = (next: boolean) => {
    setOwnOpen(next);
    onOpenChange?.(next);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the first draw takes over the focus.
  useLayoutEffect(() => {
    if (refocus) trigger.current?.focus();
  }, []);
  return (
    <RadixTooltip.Provider delayDuration={TOOLTIP_DELAY_MS}>
      <RadixTooltip.Root open={shown} onOpenChange={changeOpen}>
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
