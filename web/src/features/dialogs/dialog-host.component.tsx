import { localeTag } from '@nordlys/contract/language-rule';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import { formatByteSize, formatGigabytes } from '../../i18n/unit-format';
import { useAppDispatch } from '../../state/hooks';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { answerDialog } from './dialog.api';
import { type DialogParams, type DialogRecord, selectOpenDialog } from './dialog.slice';

// Sizes in bytes read in the reader's number format and units (3,5 GB in Norwegian): `maxSize` and
// `usedSize` in the unit that suits them, storage (`usedStorage`, `maxStorage`) always in GB.
function localiseParams(params: DialogParams | undefined, language: string, t: TFunction): DialogParams {
  const out: DialogParams = { ...params };
  for (const [key, format] of [
    ['maxSize', formatByteSize],
    ['usedSize', formatByteSize],
    ['maxStorage', formatGigabytes],
    ['usedStorage', formatGigabytes],
  ] as const) {
    const bytes = out[key];
    if (typeof bytes === 'number') out[key] = format(bytes, localeTag(language), t);
  }
  return out;
}

/** The confirm button of a popup that leads on (to storage settings, …): it answers, then goes there. */
function ConfirmAndGo({ to, label, onAnswer }: { to: string; label: string; onAnswer: () => void }) {
  const navigate = useNavigate();
  return (
    <Button
      variant="primary"
      onClick={() => {
        onAnswer();
        void navigate(to);
      }}
    >
      {label}
    </Button>
  );
}

function DialogView({ dialog }: { dialog: DialogRecord }) {
  const { t, i18n } = useTranslation(['dialogs']);
  const dispatch = useAppDispatch();
  const params = localiseParams(dialog.params, i18n.language, t);
  const answer = (value: boolean) => answerDialog(dispatch, dialog.id, value);
  const isConfirm = dialog.kind === 'confirm';
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) answer(false);
      }}
      role={isConfirm ? 'alertdialog' : 'dialog'}
      showClose={false}
      title={t(dialog.titleKey, params)}
      description={dialog.messageKey ? t(dialog.messageKey, params) : undefined}
      footer={
        <>
          {isConfirm && <Button onClick={() => answer(false)}>{t(dialog.cancelLabelKey, params)}</Button>}
          {dialog.confirmTo ? (
            <ConfirmAndGo
              to={dialog.confirmTo}
              label={t(dialog.confirmLabelKey, params)}
              onAnswer={() => answer(true)}
            />
          ) : (
            <Button variant={dialog.danger ? 'danger' : 'primary'} onClick={() => answer(true)}>
              {t(dialog.confirmLabelKey, params)}
            </Button>
          )}
        </>
      }
    />
  );
}

/** Mount once, near the root: shows confirm and alert dialogs requested with requestConfirm/showAlert. */
export function DialogHost() {
  const dialog = useSelector(selectOpenDialog);
  // Keyed by id so a queued dialog gets a fresh modal (and fresh focus) when the previous one closes.
  return dialog ? <DialogView key={dialog.id} dialog={dialog} /> : null;
}
