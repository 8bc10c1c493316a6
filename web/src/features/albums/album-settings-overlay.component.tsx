import { ALBUM_TITLE_MAX_LENGTH, type Album, type PrivacyModeChange } from '@nordlys/contract/album';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { renameAlbum, setAlbumPermission, setAlbumPrivacy } from '../../api/albums.api';
import { useAppDispatch } from '../../state/hooks';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { Modal } from '../../ui/modal';
import { RadioGroup } from '../../ui/radio-group';
import { TextInput } from '../../ui/text-input';
import { Toggle } from '../../ui/toggle';
import type { AlbumView } from './album-model';
import { albumsPorts } from './albums.ports';

export interface AlbumSettingsDraft {
  name: string;
  privacy: PrivacyModeChange;
  allowComments: boolean;
  allowUploads: boolean;
}

export const draftOf = (album: AlbumView): AlbumSettingsDraft => ({
  name: album.name,
  privacy: album.isShared ? 'shared' : 'private',
  allowComments: album.allowComments,
  allowUploads: album.allowUploads,
});

/** The calls a saved draft needs, in order; none for what did not change. Pure. */
export function settingsChanges(before: AlbumSettingsDraft, after: AlbumSettingsDraft) {
  const name = after.name.trim();
  return {
    name: name !== before.name.trim() ? name : null,
    privacy: after.privacy !== before.privacy ? after.privacy : null,
    allowComments: after.allowComments !== before.allowComments ? after.allowComments : null,
    allowUploads: after.allowUploads !== before.allowUploads ? after.allowUploads : null,
  };
}

export interface AlbumSettingsOverlayProps {
  open: boolean;
  onClose: () => void;
  album: AlbumView;
  onSaved: (album: Album) => void;
}

/** The owner's settings overlay: name, privacy, allow comments, allow uploads (core.md §2, §6). */
export function AlbumSettingsOverlay({ open, onClose, album, onSaved }: AlbumSettingsOverlayProps) {
  const { t } = useTranslation('albums');
  const dispatch = useAppDispatch();
  const [draft, setDraft] = useState(() => draftOf(album));
  const [pending, setPending] = useState(false);
  useEffect(() => {
    if (open) setDraft(draftOf(album));
  }, [open, album]);

  const tooLong = draft.name.trim().length > ALBUM_TITLE_MAX_LENGTH;
  const sharedNeedsName = draft.privacy === 'shared' && draft.name.trim() === '';

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (tooLong || sharedNeedsName) return;
    const changes = settingsChanges(draftOf(album), draft);
    setPending(true);
    let latest: Album | null = null;
    try {
      if (changes.name !== null) latest = await renameAlbum(album.id, changes.name);
      if (changes.privacy !== null) latest = await setAlbumPrivacy(album.id, changes.privacy);
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
          required={draft.privacy === 'shared'}
          error={
            tooLong
              ? { message: t('settings.nameTooLong', { max: ALBUM_TITLE_MAX_LENGTH }) }
              : sharedNeedsName
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
            { value: 'private', label: t('settings.private'), description: t('settings.privateHint') },
          ]}
          value={draft.privacy}
          onValueChange={(privacy) => setDraft({ ...draft, privacy })}
        />
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
