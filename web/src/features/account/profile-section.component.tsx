import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link } from 'react-router';
import { useAppDispatch } from '../../state/hooks';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { TextInput } from '../../ui/text-input';
import { selectAccount } from './account.slice';
import { saveProfileName } from './account.thunks';
import { Avatar } from './avatar.component';
import { PROFILE_NAME_MAX, validateProfileName } from './profile-name';
import './account.css';

/** The profile name edit (account.md §5: non-empty, at most 255 characters). */
export function ProfileNameForm({ currentName }: { currentName: string }) {
  const { t } = useTranslation('account');
  const dispatch = useAppDispatch();
  // The saved name until the user edits it; a saved edit gives way to the name as stored again.
  const [draft, setDraft] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const name = draft ?? currentName;

  const problem = validateProfileName(name);
  const shownError =
    touched && problem
      ? problem === 'required'
        ? 'required'
        : { message: t('name.tooLong', { max: PROFILE_NAME_MAX }) }
      : null;
  const unchanged = name.trim() === currentName;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem || unchanged) return;
    setSaving(true);
    const saved = await saveProfileName(dispatch, name);
    setSaving(false);
    if (saved) setDraft(null);
  };

  return (
    <form className="profile-name-form" onSubmit={submit} noValidate>
      <FormField label={t('name.label')} required error={shownError}>
        <TextInput
          name="name"
          autoComplete="name"
          value={name}
          maxLength={PROFILE_NAME_MAX * 2}
          onChange={(event) => {
            setDraft(event.target.value);
            setTouched(true);
          }}
        />
      </FormField>
      <Button
        type="submit"
        variant="primary"
        className="profile-name-form__save"
        pending={saving}
        disabled={unchanged}
      >
        {t('name.save')}
      </Button>
    </form>
  );
}

/** The top of the settings hub: picture, e-mail and name. */
export function ProfileSection() {
  const { t } = useTranslation('account');
  const account = useSelector(selectAccount);
  if (!account) return null;
  return (
    <section className="profile-section" aria-label={t('profile.heading')}>
      <div className="profile-section__picture">
        <Avatar name={account.name} url={account.profile_picture_url} />
        <Link className="profile-section__picture-link" to="/selectProfilePicture">
          {t('profile.changePicture')}
        </Link>
      </div>
      <div className="profile-section__details">
        <p className="profile-section__email">{t('profile.signedInAs', { email: account.logged_in_as })}</p>
        <ProfileNameForm currentName={account.name} />
      </div>
    </section>
  );
}
