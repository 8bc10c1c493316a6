import type { ReactElement, ReactNode } from 'react';

// Shared by the tooltip (tooltip.tsx) and the tooltip layer it fetches (tooltip-popup.tsx).

/** The spec's tooltip delay. */
export const TOOLTIP_DELAY_MS = 500;

export interface TooltipProps {
  content: ReactNode;
  /** One focusable element. A disabled button gets no pointer events: wrap it in a <span tabIndex={0}>. */
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}
