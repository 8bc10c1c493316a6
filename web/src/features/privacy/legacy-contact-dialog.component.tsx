import type { LegacyContact } from '@nordlys/contract/privacy';
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { Modal } from '../../ui/modal';
import { TextInput } from '../../ui/text-input';
import {
  type ContactDialog,
  canConfirm,
  contactErrors,
  LEGACY_FIELDS,
  type LegacyAction,
} from './legacy-form';

const INPUT_TYPES = { name: 'text', phone_number: 'tel', email_address: 'email', address: 'text' } as const;
const AUTOCOMPLETE = {
  name: 'name',
  phone_number: 'tel',
  email_address: 'email',
  address: 'street-address',
} as const;

/** The contact for 'provide to contact': all four required; saved only on confirm. */
export function LegacyContactDialog({
  dialog,
  dispatch,
  onConfirm,
}: {
  dialog: ContactDialog | null;
  dispatch: Dispatch<LegacyAction>;
  onConfirm(contact: LegacyContact): void;
}) {
  const { t } = useTranslation('privacy');
  const errors = dialog ? contactErrors(dialog.draft) : {};
  const confirm = () => {
    if (!dialog) return;
    dispatch({ type: 'confirmed' });
    if (canConfirm(dialog)) onConfirm(dialog.draft);
  };
  return (
    <Modal
      open={dialog !== null}
      onOpenChange={(open) => {
        if (!open) dispatch({ type: 'cancelled' });
      }}
      title={t('legacy.dialogTitle')}
      description={t('legacy.dialogDescription')}
      dismissible={!dialog?.saving}
      footer={
        <>
          <Button disabled={dialog?.saving} onClick={() => dispatch({ type: 'cancelled' })}>
            {t('legacy.cancel')}
          </Button>
          <Button
            variant="primary"
            type="submit"
            form="legacy-contact-form"
            pending={dialog?.saving}
            disabled={!dialog || Object.keys(errors).length > 0}
          >
            {t('legacy.confirm')}
          </Button>
        </>
      }
    >
      {dialog && (
        <form
          id="legacy-contact-form"
          className="privacy__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            confirm();
          }}
        >
          {LEGACY_FIELDS.map((field) => {
            const error = dialog.touched.includes(field) ? errors[field] : undefined;
            return (
              <FormField
                key={field}
                label={t(`legacy.fields.${field}`)}
                required
                error={
                  error === 'required'
                    ? 'required'
                    : error
                      ? { message: t(error === 'phone' ? 'legacy.errors.phone' : 'legacy.errors.email') }
                      : null
                }
              >
                <TextInput
                  name={field}
                  type={INPUT_TYPES[field]}
                  autoComplete={AUTOCOMPLETE[field]}
                  value={dialog.draft[field]}
                  disabled={dialog.saving}
                  onChange={(event) => dispatch({ type: 'draftChanged', field, value: event.target.value })}
                  onBlur={() => dispatch({ type: 'fieldLeft', field })}
                />
              </FormField>
            );
          })}
          {dialog.serverError !== null && (
            <p className="privacy__note privacy__note--error" role="alert">
              {dialog.serverError || t('legacy.errors.server')}
            </p>
          )}
        </form>
      )}
    </Modal>
  );
}
