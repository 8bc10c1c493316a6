import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../ui/form-field';
import { RadioGroup } from '../../ui/radio-group';
import { TextInput } from '../../ui/text-input';
import { ALBUM_TITLE_MAX, albumTitleError, normalizeTitle } from './album-title.rules';

export interface AlbumNameValues {
  title: string;
  isShared: boolean;
}

export interface AlbumNameFormProps {
  id: string;
  initial: AlbumNameValues;
  /** Editing an existing album's name leaves its privacy to the album settings. */
  withPrivacy: boolean;
  onChange(values: AlbumNameValues): void;
  onSubmit(values: AlbumNameValues): void;
}

/** Step 1: the album's name and, for a new album, private or shared (core.md §2, §5). */
export function AlbumNameForm({ id, initial, withPrivacy, onChange, onSubmit }: AlbumNameFormProps) {
  const { t } = useTranslation('albumCreation');
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState(false);
  const error = albumTitleError(values.title, values.isShared);
  const update = (next: AlbumNameValues) => {
    setValues(next);
    onChange(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (error === null) onSubmit({ ...values, title: normalizeTitle(values.title) });
  };
  return (
    <form id={id} className="album-name-form" onSubmit={submit} noValidate>
      <FormField
        label={t('name.label')}
        required={values.isShared}
        error={error && (touched || error === 'tooLong') ? { message: t(`name.errors.${error}`) } : null}
        hint={values.isShared ? undefined : t('name.hintPrivate')}
      >
        <TextInput
          value={values.title}
          maxLength={ALBUM_TITLE_MAX + 1}
          placeholder={t('name.placeholder')}
          autoComplete="off"
          onBlur={() => setTouched(true)}
          onChange={(event) => update({ ...values, title: event.currentTarget.value })}
        />
      </FormField>
      {withPrivacy ? (
        <RadioGroup
          label={t('privacy.label')}
          value={values.isShared ? 'shared' : 'private'}
          onValueChange={(mode) => {
            const isShared = mode === 'shared';
            // A shared album needs a name: an empty one starts as the default shared title.
            const title =
              isShared && normalizeTitle(values.title) === '' ? t('defaultSharedTitle') : values.title;
            update({ title, isShared });
          }}
          options={[
            { value: 'private', label: t('privacy.private'), description: t('privacy.privateHint') },
            { value: 'shared', label: t('privacy.shared'), description: t('privacy.sharedHint') },
          ]}
        />
      ) : null}
    </form>
  );
}
