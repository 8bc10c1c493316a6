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
  /**
   * Resolves when the name is registered; a rejection shows the error in the prompt. Not used in
   * albumCreation: an album needs an account, so there the name goes to the sign-up form.
   */
  onName?(name: string): Promise<void>;
  /** Sign in or register instead (what was asked is held and done after); albumCreation passes the name. */
  onSignIn(create: boolean, name?: string): void;
  /** Which of the two is on its way to the sign-in pages. */
  leaving?: 'signIn' | 'create' | null;
}

/**
 * core.md §2 Name prompt: a guest names themselves before commenting or loving (albumReceiver,
 * albumSettings), or before creating an album (albumCreation), where the name is carried into
 * creating the account the album needs.
 */
export function NamePrompt({ open, context, onClose, onName, onSignIn, leaving = null }: NamePromptProps) {
  const { t } = useTranslation('comments');
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const error = touched ? nameError(name) : null;
  const creating = context === 'albumCreation';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (nameError(name)) return;
    if (creating) {
      onSignIn(true, name.trim());
      return;
    }
    if (!onName) return;
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
        creating ? (
          <>
            <Button
              variant="secondary"
              pending={leaving === 'signIn'}
              disabled={leaving !== null}
              onClick={() => onSignIn(false)}
            >
              {t('namePrompt.signIn')}
            </Button>
            <Button
              variant="primary"
              type="submit"
              form="comments-name-prompt"
              pending={leaving === 'create'}
              disabled={leaving !== null}
            >
              {t('namePrompt.register')}
            </Button>
          </>
        ) : (
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
        )
      }
    >
      <form id="comments-name-prompt" onSubmit={(event) => void submit(event)} noValidate>
        <FormField
          label={t('namePrompt.label')}
          required
          hint={creating ? t('namePrompt.creationHint') : undefined}
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
