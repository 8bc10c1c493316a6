import { Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ReadOnlyGate } from '../features/account/read-only-gate.component';
import { getFileAction, runFileAction } from '../file-actions/file-action.registry';
import type { FileActionContext } from '../file-actions/file-action.types';
import { IconButton } from '../ui/button';
import { openSubscriptionRequired } from './subscriptions-wiring';

/** The viewer's edit button: the shared action, disabled with the subscribe offer for read-only users. */
export function EditButton({ context }: { context: FileActionContext }) {
  const { t } = useTranslation('fileMenu');
  const action = getFileAction('EDIT');
  if (!action?.isVisible(context)) return null;
  return (
    <ReadOnlyGate action="editPhoto" onSubscribe={openSubscriptionRequired}>
      {(disabled) => (
        <IconButton
          className="carousel__button"
          label={t('actions.edit')}
          icon={<Pencil />}
          disabled={disabled}
          onClick={() => void runFileAction(action, context)}
        />
      )}
    </ReadOnlyGate>
  );
}
