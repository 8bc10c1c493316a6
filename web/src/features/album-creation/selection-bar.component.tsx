import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../ui/button';

export interface SelectionBarProps {
  title: ReactNode;
  count: number;
  max?: number;
  onCancel(): void;
  /** The bar's buttons, right-aligned. */
  children?: ReactNode;
}

/** The add-photos bar over a selection timeline: cancel, title, the counter ('selected N' or 'N/max'). */
export function SelectionBar({ title, count, max, onCancel, children }: SelectionBarProps) {
  const { t } = useTranslation('albumCreation');
  return (
    <div className="selection-bar" role="toolbar" aria-label={t('addPhotos.toolbar')}>
      <IconButton icon={<X />} label={t('cancel')} onClick={onCancel} />
      <div className="selection-bar__text">
        <h1 className="selection-bar__title">{title}</h1>
        <p className="selection-bar__count" aria-live="polite" data-testid="selection-counter">
          {max === undefined ? t('counter.selected', { count }) : t('counter.ofMax', { count, max })}
        </p>
      </div>
      <div className="selection-bar__actions">{children}</div>
    </div>
  );
}
