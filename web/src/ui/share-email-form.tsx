import { emailFormCheck } from '@nordlys/contract/share';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from './form-field';
import { TextInput } from './text-input';
import './share-link-panel.css';

export interface ShareEmailDraft {
  recipients: string;
  subject: string;
  message: string;
}

export const emptyShareEmail: ShareEmailDraft = { recipients: '', subject: '', message: '' };

export interface ShareEmailFormProps {
  id: string;
  value: ShareEmailDraft;
  onChange: (next: ShareEmailDraft) => void;
  onSubmit: () => void;
}

/**
 * The e-mail form of a link (core.md §5): recipients comma separated, subject required, message
 * optional. Its submit button is the caller's (form={id}), enabled by emailFormCheck.
 */
export function ShareEmailForm({ id, value, onChange, onSubmit }: ShareEmailFormProps) {
  const { t } = useTranslation('ui');
  const messageId = useId();
  const check = emailFormCheck(value);
  return (
    <form
      id={id}
      className="ui-share-email"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (check.canSubmit) onSubmit();
      }}
    >
      <FormField
        label={t('share.email.recipients')}
        required
        error={value.recipients && !check.recipientsValid ? 'invalid' : null}
      >
        <TextInput
          inputMode="email"
          autoComplete="email"
          value={value.recipients}
          onChange={(event) => onChange({ ...value, recipients: event.currentTarget.value })}
          placeholder={t('share.email.recipientsHint')}
        />
      </FormField>
      <FormField
        label={t('share.email.subject')}
        required
        error={value.subject && !check.subjectValid ? 'invalid' : null}
      >
        <TextInput
          value={value.subject}
          onChange={(event) => onChange({ ...value, subject: event.currentTarget.value })}
        />
      </FormField>
      <FormField label={t('share.email.message')} id={messageId}>
        <textarea
          id={messageId}
          className="ui-share-email__message"
          value={value.message}
          onChange={(event) => onChange({ ...value, message: event.currentTarget.value })}
        />
      </FormField>
    </form>
  );
}
