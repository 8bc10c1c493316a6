import { ALBUM_TITLE_MAX_LENGTH, type Album } from '@nordlys/contract/album';
import { transformAlbumPassword } from '@nordlys/contract/album-password';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { renameAlbum, setAlbumPassword, setAlbumPermission, setAlbumPrivacy } from '../../api/albums.api';
import { useAppDispatch } from '../../state/hooks';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { Modal } from '../../ui/modal';
import { RadioGroup } from '../../ui/radio-group';
import { TextInput } from '../../ui/text-input';
import { Toggle } from '../../ui/toggle';
import type { AlbumView } from './album-model';
import { draftOf, settingsChanges, settingsProblems } from './album-settings.rules';
import { albumsPorts } from './albums.ports';

export interface AlbumSettingsOverlayProps {
  open: boolean;
  onClose: () => void;
  album: AlbumView;
  onSaved: (album: Album) => void;
}

/**
 * The owner's settings overlay: name, privacy (shared, protected with a password, private), allow
 * comments, allow uploads (core.md §2, §3, §6).
 */
export function AlbumSettingsOverlay({ open, onClose, album, onSaved }: AlbumSettingsOverlayProps) {
  const { t } = useTranslation('albums');
  const dispatch = useAppDispatch();
  const [draft, setDraft] = useState(() => draftOf(album));
  const [pending, setPending] = useState(false);
  // Problems show once a save was tried, not while the owner is still typing.
  const [tried, setTried] = useState(false);
  useEffect(() => {
    if (open) {
      setDraft(draftOf(album));
      setTried(false);
    }
  }, [open, album]);

  const saved = draftOf(album);
  const problems = settingsProblems(saved, draft);
  const wasProtected = saved.privacy === 'protected';

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problems.name || problems.password) return;
    const changes = settingsChanges(saved, draft);
    setPending(true);
    let latest: Album | null = null;
    try {
      if (changes.name !== null) latest = await renameAlbum(album.id, changes.name);
      if (changes.privacy !== null) latest = await setAlbumPrivacy(album.id, changes.privacy);
      if (changes.password !== null) {
        // core.md §5: only the transformed password leaves the browser.
        const sent = changes.password ? await transformAlbumPassword(changes.password) : '';
        latest = await setAlbumPassword(album.id, sent);
      }
      if (changes.allowComments !== null) {
        latest = await setAlbumPermission(album.id, 'allow_comments', changes.allowComments);
      }
      if (changes.allowUploads !== null) {
        latest = await setAlbumPermission(album.id, 'allow_uploads', changes.allowUploads);
      }
    } catch {
      albumsPorts().showToast(dispatch, { type: 'genericError', jobId: album.id });
      if (latest) onSaved(latest);
      setPending(false);
      return;
    }
    setPending(false);
    if (latest) {
      onSaved(latest);
      // core.md §4: a toast confirms the change to private.
      albumsPorts().showToast(dispatch, {
        type: changes.privacy === 'private' ? 'albumChangedToPrivate' : 'changesSaved',
        jobId: album.id,
      });
    }
    onClose();
  };

  const formId = `album-settings-${album.id}`;
  const nameProblem = tried || problems.name === 'nameTooLong' ? problems.name : null;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t('settings.title')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {t('settings.cancel')}
          </Button>
          <Button variant="primary" type="submit" form={formId} pending={pending}>
            {t('settings.save')}
          </Button>
        </>
      }
    >
      <form id={formId} className="album-settings" onSubmit={(event) => void save(event)} noValidate>
        <FormField
          label={t('settings.name')}
          required={draft.privacy !== 'private'}
          error={
            nameProblem === 'nameTooLong'
              ? { message: t('settings.nameTooLong', { max: ALBUM_TITLE_MAX_LENGTH }) }
              : nameProblem === 'nameRequired'
                ? { message: t('settings.nameRequired') }
                : null
          }
        >
          <TextInput
            value={draft.name}
            placeholder={t('unnamed')}
            onChange={(event) => setDraft({ ...draft, name: event.target.value })}
          />
        </FormField>
        <RadioGroup
          label={t('settings.privacy')}
          options={[
            { value: 'shared', label: t('settings.shared'), description: t('settings.sharedHint') },
            { value: 'protected', label: t('settings.protected'), description: t('settings.protectedHint') },
            { value: 'private', label: t('settings.private'), description: t('settings.privateHint') },
          ]}
          value={draft.privacy}
          onValueChange={(privacy) => setDraft({ ...draft, privacy, password: '' })}
        />
        {draft.privacy === 'protected' && (
          <FormField
            label={wasProtected ? t('settings.newPassword') : t('settings.password')}
            required={!wasProtected}
            hint={wasProtected ? t('settings.passwordKeepHint') : undefined}
            error={tried && problems.password ? { message: t('settings.passwordRequired') } : null}
          >
            <TextInput
              type="password"
              autoComplete="new-password"
              value={draft.password}
              onChange={(event) => setDraft({ ...draft, password: event.target.value })}
            />
          </FormField>
        )}
        <Toggle
          label={t('settings.allowComments')}
          checked={draft.allowComments}
          onCheckedChange={(allowComments) => setDraft({ ...draft, allowComments })}
        />
        <Toggle
          label={t('settings.allowUploads')}
          description={t('settings.allowUploadsHint')}
          checked={draft.allowUploads}
          onCheckedChange={(allowUploads) => setDraft({ ...draft, allowUploads })}
        />
      </form>
    </Modal>
  );
}
