import { DropdownMenu } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';
import './menu.css';

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

/** A dropdown menu; arrow keys move, Enter/Space select, Escape closes and refocuses the trigger. */
export function Menu({ trigger, items, align = 'end', side = 'bottom', open, onOpenChange }: MenuProps) {
  return (
    // Not modal: a modal menu hides the rest of the page with aria-hidden while leaving it in the tab
    // order, which assistive technology reports as hidden yet focusable content. Escape and a click
    // or focus outside still close it.
    <DropdownMenu.Root modal={false} open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className="ui-menu"
          align={align}
          side={side}
          sideOffset={4}
          collisionPadding={8}
        >
          {items.map((entry) =>
            entry.type === 'separator' ? (
              <DropdownMenu.Separator key={entry.id} className="ui-menu__separator" />
            ) : (
              <DropdownMenu.Item
                key={entry.id}
                className={['ui-menu__item', entry.danger && 'ui-menu__item--danger']
                  .filter(Boolean)
                  .join(' ')}
                disabled={entry.disabled}
                onSelect={entry.onSelect}
              >
                {entry.icon && (
                  <span className="ui-menu__icon" aria-hidden="true">
                    {entry.icon}
                  </span>
                )}
                <span>{entry.label}</span>
              </DropdownMenu.Item>
            ),
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
