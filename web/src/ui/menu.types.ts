import type { ReactElement, ReactNode } from 'react';

// Shared by the menu's button (menu.tsx) and the menu layer it fetches (menu-dropdown.tsx).

export type MenuEntry =
  | {
      type?: 'item';
      id: string;
      label: ReactNode;
      icon?: ReactNode;
      onSelect: () => void;
      disabled?: boolean;
      danger?: boolean;
    }
  | { type: 'separator'; id: string };

export interface MenuProps {
  /** A focusable element (usually an IconButton with a label); it gets aria-haspopup and aria-expanded. */
  trigger: ReactElement;
  items: MenuEntry[];
  align?: 'start' | 'center' | 'end';
  side?: 'top' | 'right' | 'bottom' | 'left';
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}
