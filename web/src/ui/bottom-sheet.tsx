import { Dialog } from 'radix-ui';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
// The shared overlay and sheet keyframes live in modal.css.
import './modal.css';
import './bottom-sheet.css';

export interface BottomSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Keep the title for screen readers only (e.g. a sheet of self-explanatory actions). */
  hideTitle?: boolean;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** A mobile sheet rising from the bottom, at most 60 % of the screen high; focus stays inside while open. */
export function BottomSheet({
  open,
  onOpenChange,
  title,
  hideTitle,
  description,
  children,
  footer,
}: BottomSheetProps) {
  const returnFocusTo = useRef<Element | null>(null);
  useLayoutEffect(() => {
    if (open) returnFocusTo.current = document.activeElement;
  }, [open]);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="ui-overlay" />
        <Dialog.Content
          className="ui-sheet"
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo.current;
            if (target instanceof HTMLElement && target.isConnected && target !== document.body) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          <div className="ui-sheet__handle" aria-hidden="true" />
          <Dialog.Title className={hideTitle ? 'visually-hidden' : 'ui-sheet__title'}>{title}</Dialog.Title>
          {description && (
            <Dialog.Description className="ui-sheet__description">{description}</Dialog.Description>
          )}
          <div className="ui-sheet__body">{children}</div>
          {footer && <div className="ui-sheet__footer">{footer}</div>}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Closes the surrounding BottomSheet when clicked; wrap a Button with it. */
export const BottomSheetClose = Dialog.Close;
