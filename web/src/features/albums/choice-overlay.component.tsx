import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/modal';
import { RadioGroup } from '../../ui/radio-group';

export interface ChoiceOverlayProps<V extends string> {
  open: boolean;
  onClose: () => void;
  title: string;
  options: readonly V[];
  /** Applies the choice and closes the overlay (in one address change, so neither undoes the other). */
  onChoose: (value: V) => void;
  /** i18n key of an option's label. */
  labelKey: (value: V) => string;
  value: V;
}

/** The albums_filter, albums_sort and album_files_sort overlays: one choice, applied at once. */
export function ChoiceOverlay<V extends string>({
  open,
  onClose,
  title,
  options,
  labelKey,
  value,
  onChoose,
}: ChoiceOverlayProps<V>) {
  const { t } = useTranslation('albums');
  return (
    <Modal open={open} onOpenChange={(next) => !next && onClose()} title={title} className="albums-choice">
      <RadioGroup
        label={title}
        hideLabel
        options={options.map((option) => ({ value: option, label: t(labelKey(option)) }))}
        value={value}
        onValueChange={onChoose}
      />
    </Modal>
  );
}
