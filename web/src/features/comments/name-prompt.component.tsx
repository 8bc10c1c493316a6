import { GUEST_NAME_MAX_LENGTH } from '@nordlys/contract/album';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { type FieldError, FormField } from '../../ui/form-field';
import { Modal } from '../../ui/modal';
import { TextInput } from '../../ui/text-input';

export type NamePromptContext = 'albumReceiver' | 'albumSettings' | 'albumCreation';

/** core.md §5: non-empty, at most 255 characters. */
export function nameError(name: string): FieldError | null {
  if (name.trim().length === 0) return 'required';
  if (name.trim().length > GUEST_NAME_MAX_LENGTH) return 'invalid';
  return null;
}

export interface NamePromptProps {
  open: boolean;
  context: NamePromptContext;
  onClose(): void;
  /** Resolves when the name is registered; a rejection shows the error in the prompt. */
  onName(name: string): Promise<void>;
  /** Sign in or register instead (what was asked is held and done after). */
  onSignIn(create: boolean): void;
}

/** core.md §2 Name prompt: a guest names themselves before commenting or loving. */
export function NamePrompt({ open, context, onClose, onName, onSignIn }: NamePromptProps) {
  const { t } = useTranslation('comments');
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const error = touched ? nameError(name) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (nameError(name)) return;
    setPending(true);
    setFailed(false);
    try {
      await onName(name.trim());
    } catch {
      setFailed(true);
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t('namePrompt.title')}
      description={t(`namePrompt.context.${context}`)}
      footer={
        <>
          <Button variant="secondary" onClick={() => onSignIn(false)}>
            {t('namePrompt.signIn')}
          </Button>
          <Button variant="secondary" onClick={() => onSignIn(true)}>
            {t('namePrompt.register')}
          </Button>
          <Button variant="primary" type="submit" form="comments-name-prompt" pending={pending}>
            {t('namePrompt.continue')}
          </Button>
        </>
      }
    >
      <form id="comments-name-prompt" onSubmit={(event) => void submit(event)} noValidate>
        <FormField
          label={t('namePrompt.label')}
          required
          error={failed ? { message: t('namePrompt.failed') } : error}
        >
          <TextInput
            value={name}
            maxLength={GUEST_NAME_MAX_LENGTH}
            autoComplete="name"
            onChange={(event) => setName(event.target.value)}
            onBlur={() => setTouched(true)}
          />
        </FormField>
      </form>
    </Modal>
  );
}
