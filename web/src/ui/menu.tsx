import type { KeyboardEvent, MouseEvent, ReactElement, SyntheticEvent } from 'react';
import { cloneElement, useState } from 'react';
import type { MenuProps } from './menu.types';
import { onDemand, useOnDemand } from './on-demand';

export type { MenuEntry, MenuProps } from './menu.types';

// The menu layer (Radix, with its positioning) is not needed to draw a closed menu's button.
const dropdown = onDemand(() => import('./menu-dropdown'));

type TriggerProps = {
  onPointerEnter?: (event: SyntheticEvent) => void;
  onFocus?: (event: SyntheticEvent) => void;
  onClick?: (event: MouseEvent) => void;
  onKeyDown?: (event: KeyboardEvent) => void;
};

/**
 * A dropdown menu; arrow keys move, Enter/Space select, Escape closes and refocuses the trigger.
 * Until a menu is first wanted its button is drawn alone: pointing at it or focusing it fetches the
 * menu, and opening it (click, Enter, Space, ArrowDown) shows the menu as soon as that is in.
 */
export function Menu(props: MenuProps) {
  const [loaded, request] = useOnDemand(dropdown);
  // A menu drawn before the menu layer arrived keeps its plain button until it is opened, so a
  // focused button is not swapped under the keyboard.
  const [loadedAtFirstDraw] = useState(loaded !== undefined);
  const [openOnArrival, setOpenOnArrival] = useState<'pointer' | 'keyboard' | null>(null);
  if (loaded && (loadedAtFirstDraw || openOnArrival)) {
    return <loaded.MenuDropdown {...props} openedBy={openOnArrival} />;
  }
  const trigger = props.trigger as ReactElement<TriggerProps>;
  const open = (by: 'pointer' | 'keyboard') => {
    setOpenOnArrival(by);
    props.onOpenChange?.(true);
    request();
  };
  return cloneElement(trigger, {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onPointerEnter: (event: SyntheticEvent) => {
      trigger.props.onPointerEnter?.(event);
      request();
    },
    onFocus: (event: SyntheticEvent) => {
      trigger.props.onFocus?.(event);
      request();
    },
    onClick: (event: MouseEvent) => {
      trigger.props.onClick?.(event);
      // Enter and Space on a button click it with no pointer detail.
      open(event.detail === 0 ? 'keyboard' : 'pointer');
    },
    onKeyDown: (event: KeyboardEvent) => {
      trigger.props.onKeyDown?.(event);
      if (event.key === 'ArrowDown') {
        event.preventDefault();
        open('keyboard');
      }
    },
  } as TriggerProps & { 'aria-haspopup': 'menu'; 'aria-expanded': boolean });
}
