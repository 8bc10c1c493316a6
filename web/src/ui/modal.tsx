import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type ReactNode, useCallback, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from './button';
import './modal.css';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Action buttons, laid out right-aligned (stacked full width on mobile). */
  footer?: ReactNode;
  children?: ReactNode;
  /** 'flow' is the wider prompt used for multi-step flows. */
  variant?: 'default' | 'flow';
  /** When false, Escape and clicks outside do not close it (subscription and terms dialogs). */
  dismissible?: boolean;
  /** Defaults to `dismissible`. */
  showClose?: boolean;
  /** alertdialog for confirmations that need an answer. */
  role?: 'dialog' | 'alertdialog';
  className?: string;
  /** Lets a caller choose what gets focus first, e.g. the least destructive button. */
  onOpenAutoFocus?: (event: Event) => void;
}

export function Modal({
  open,
  onOpenChange,
  title,
  description,
  footer,
  children,
  variant = 'default',
  dismissible = true,
  showClose = dismissible,
  role = 'dialog',
  className,
  onOpenAutoFocus,
}: ModalProps) {
  const { t } = useTranslation('ui');
  const bodyRef = useFocusableWhenScrolling();
  // Radix only restores focus to its own Trigger; our modals are opened from anywhere, so remember the opener.
  const returnFocusTo = useRef<Element | null>(null);
  useLayoutEffect(() => {
    if (open) returnFocusTo.current = document.activeElement;
  }, [open]);
  const restoreFocus = (event: Event) => {
    const target = returnFocusTo.current;
    if (target instanceof HTMLElement && target.isConnected && target !== document.body) {
      event.preventDefault();
      target.focus();
    }
  };
  // Start where the user will act: the first field, else the first footer button (for confirmations,
  // the least destructive one, placed first), and only then the close button Radix would pick.
  const focusFirstAction = (event: Event) => {
    const content = event.currentTarget as HTMLElement | null;
    const target =
      content?.querySelector<HTMLElement>('.ui-modal__body :is(input, textarea, select):not(:disabled)') ??
      content?.querySelector<HTMLElement>('.ui-modal__footer button:not(:disabled)');
    if (target) {
      event.preventDefault();
      target.focus();
    }
  };
  const block = (event: Event) => {
    if (!dismissible) event.preventDefault();
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="ui-overlay" />
        <Dialog.Content
          role={role}
          className={['ui-modal', variant === 'flow' && 'ui-modal--flow', className]
            .filter(Boolean)
            .join(' ')}
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          onInteractOutside={block}
          onOpenAutoFocus={onOpenAutoFocus ?? focusFirstAction}
          onCloseAutoFocus={restoreFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="ui-modal__header">
            <div className="ui-modal__titles">
              <Dialog.Title className="ui-modal__title">{title}</Dialog.Title>
              {description && (
                <Dialog.Description className="ui-modal__description">{description}</Dialog.Description>
              )}
            </div>
            {showClose && (
              <Dialog.Close asChild>
                <IconButton className="ui-modal__close" size="sm" label={t('dialog.close')} icon={<X />} />
              </Dialog.Close>
            )}
          </div>
          {children && (
            <div ref={bodyRef} className="ui-modal__body">
              {children}
            </div>
          )}
          {footer && <div className="ui-modal__footer">{footer}</div>}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * A body that scrolls (a tall step in a phone's bottom sheet) takes keyboard focus, so it can be
 * scrolled without a pointer; one that fits stays out of the tab order.
 */
function useFocusableWhenScrolling() {
  const stop = useRef<(() => void) | null>(null);
  return useCallback((body: HTMLDivElement | null) => {
    stop.current?.();
    stop.current = null;
    if (!body || typeof ResizeObserver === 'undefined') return;
    const update = () => {
      if (body.scrollHeight > body.clientHeight) body.tabIndex = 0;
      else body.removeAttribute('tabindex');
    };
    // The sheet's size changes with the window; its content with each step.
    const resized = new ResizeObserver(update);
    const changed = new MutationObserver(update);
    resized.observe(body);
    changed.observe(body, { childList: true, subtree: true });
    stop.current = () => {
      resized.disconnect();
      changed.disconnect();
    };
    update();
  }, []);
}

/** Closes the surrounding Modal when clicked; wrap a Button with it. */
export const ModalClose = Dialog.Close;
