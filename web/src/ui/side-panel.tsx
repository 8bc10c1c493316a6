import { X } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from './button';
import './side-panel.css';

export interface SidePanelProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Extra header controls, shown before the close button. */
  actions?: ReactNode;
  footer?: ReactNode;
  className?: string;
}

/**
 * A 360 px panel beside the content (comments, details). It is not modal: the page stays usable.
 * Below 600 px it covers the screen. Escape inside it closes it.
 */
export function SidePanel({ title, onClose, children, actions, footer, className }: SidePanelProps) {
  const { t } = useTranslation('ui');
  const titleId = useId();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.stopPropagation();
      onClose();
    }
  };
  return (
    <aside
      className={['ui-side-panel', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
    >
      <header className="ui-side-panel__header">
        <h2 id={titleId} className="ui-side-panel__title">
          {title}
        </h2>
        {actions}
        <IconButton label={t('panel.close')} icon={<X />} onClick={onClose} />
      </header>
      <div className="ui-side-panel__body">{children}</div>
      {footer && <div className="ui-side-panel__footer">{footer}</div>}
    </aside>
  );
}
