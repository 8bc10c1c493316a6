import { DropdownMenu } from 'radix-ui';
import { type FocusEvent, useRef } from 'react';
import type { MenuProps } from './menu.types';
import './menu.css';

/** The Radix menu behind ui/menu, fetched when a menu is first opened (or hovered, or focused). */
export function MenuDropdown({
  trigger,
  items,
  align = 'end',
  side = 'bottom',
  open,
  onOpenChange,
  openedBy,
}: MenuProps & { openedBy: 'pointer' | 'keyboard' | null }) {
  // Opened from the keyboard before this layer listened for keys: start on the first item, as a
  // keyboard opening does once it is here.
  const startOnFirstItem = useRef(openedBy === 'keyboard');
  const onContentFocus = (event: FocusEvent<HTMLDivElement>) => {
    if (!startOnFirstItem.current || event.target !== event.currentTarget) return;
    startOnFirstItem.current = false;
    event.currentTarget.querySelector<HTMLElement>('[role="menuitem"]:not([data-disabled])')?.focus();
  };
  return (
    // Not modal: a modal menu hides the rest of the page with aria-hidden while leaving it in the tab
    // order, which assistive technology reports as hidden yet focusable content. Escape and a click
    // or focus outside still close it.
    <DropdownMenu.Root modal={false} open={open} defaultOpen={openedBy !== null} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className="ui-menu"
          align={align}
          side={side}
          sideOffset={4}
          collisionPadding={8}
          onFocus={onContentFocus}
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
