import { SHARE_PASSWORD_MAX_LENGTH } from '@nordlys/contract/share';
import { FolderPlus, Link as LinkIcon, LockKeyhole } from 'lucide-react';
import { useEffect, useReducer, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { createShare, emailShare } from '../../api/shares.api';
import { isMobileWidth } from '../../ui/breakpoints';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { Modal } from '../../ui/modal';
import { emptyShareEmail, ShareEmailForm } from '../../ui/share-email-form';
import { ShareLinkPanel } from '../../ui/share-link-panel';
import { Spinner } from '../../ui/spinner';
import { TextInput } from '../../ui/text-input';
import {
  emailFormCheck,
  headThumbSize,
  initialShareDialog,
  isTransientMessage,
  needsServerShare,
  SHARE_ERROR_DISPLAY_MS,
  shareDialogReducer,
} from './share-dialog.reducer';
import {
  answerShare,
  currentShareRequest,
  onShareRequestChange,
  type ShareRequest,
} from './share-dialog.requests';
import './sharing.css';

const MESSAGE_KEYS = {
  share_failed: 'shareFailed',
  loginRequired: 'loginRequired',
  email_failed: 'emailFailed',
} as const;

export interface ShareDialogProps {
  /** albumOptions' "create album": a shared album with these files; answers the album's link. */
  onCreateAlbum(name: string, files: ShareRequest['files']): Promise<string>;
  /** The link reached the clipboard: the spec's linkWasCopied toast. */
  onLinkCopied(): void;
}

/** core.md §2 share dialog from a selection: get a link, copy it, send it by e-mail or SMS, or add as album. */
export function ShareDialog({ onCreateAlbum, onLinkCopied }: ShareDialogProps) {
  const request = useSyncExternalStore(onShareRequestChange, currentShareRequest);
  const { t } = useTranslation('sharing');
  const [state, send] = useReducer(shareDialogReducer, initialShareDialog);
  const [form, setForm] = useState(emptyShareEmail);
  // core.md §5: a share-link password is sent as typed.
  const [linkPassword, setLinkPassword] = useState('');
  const [sending, setSending] = useState(false);
  const [albumName, setAlbumName] = useState('');
  const [creatingAlbum, setCreatingAlbum] = useState(false);
  const mobile = isMobileWidth(window.innerWidth);

  useEffect(() => {
    send({ type: request ? 'opened' : 'closed' });
    setForm(emptyShareEmail);
    setLinkPassword('');
    setAlbumName('');
  }, [request]);

  useEffect(() => {
    if (!isTransientMessage(state.message)) return;
    const timer = setTimeout(() => send({ type: 'messageExpired' }), SHARE_ERROR_DISPLAY_MS);
    return () => clearTimeout(timer);
  }, [state.message]);

  if (!request) return null;
  const files = request.files;
  const size = headThumbSize(files.length, mobile);

  const getLink = async () => {
    send({ type: 'getLinkChosen' });
    const only = files[0];
    if (!needsServerShare(request.signedIn, files.length) && only?.previewURL) {
      send({
        type: 'linkCreated',
        url: new URL(only.previewURL, window.location.origin).href,
        shareId: null,
      });
      return;
    }
    try {
      const reply = await createShare(
        files.map((file) => file.fileID),
        linkPassword || undefined,
      );
      if (!reply?.id) throw new Error('create share failed');
      send({ type: 'linkCreated', url: reply.link, shareId: reply.id });
    } catch {
      send({ type: 'linkFailed' });
    }
  };

  const createAlbum = async () => {
    if (!albumName.trim()) return;
    setCreatingAlbum(true);
    try {
      send({ type: 'albumCreated', url: await onCreateAlbum(albumName.trim(), files) });
    } catch {
      send({ type: 'linkFailed' });
    } finally {
      setCreatingAlbum(false);
    }
  };

  const url = state.link.status === 'ready' ? state.link.url : '';
  const check = emailFormCheck(form);
  const sendEmail = async () => {
    if (state.link.status !== 'ready' || !state.link.shareId || !check.canSubmit) return;
    setSending(true);
    try {
      await emailShare(state.link.shareId, {
        recipients: check.recipients,
        subject: form.subject.trim(),
        ...(form.message.trim() ? { message: form.message } : {}),
      });
      send({ type: 'emailSent' });
      answerShare('shared');
    } catch {
      send({ type: 'emailFailed' });
    } finally {
      setSending(false);
    }
  };

  const close = () => answerShare(state.link.status === 'ready' ? 'shared' : 'cancelled');
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={t(`titles.${state.view === 'closed' ? 'options' : state.view}`)}
      className="share-dialog"
      footer={
        state.view === 'email' ? (
          <>
            <Button variant="ghost" onClick={() => send({ type: 'back' })}>
              {t('back')}
            </Button>
            <Button
              variant="primary"
              type="submit"
              form="share-dialog-email"
              disabled={!check.canSubmit}
              pending={sending}
            >
              {t('done')}
            </Button>
          </>
        ) : state.view === 'albumOptions' ? (
          <>
            <Button variant="ghost" onClick={() => send({ type: 'back' })}>
              {t('back')}
            </Button>
            <Button
              variant="primary"
              disabled={!albumName.trim() || creatingAlbum}
              onClick={() => void createAlbum()}
            >
              {t('createAlbum')}
            </Button>
          </>
        ) : (
          <Button variant="ghost" onClick={close}>
            {t('close')}
          </Button>
        )
      }
    >
      <ul className="share-dialog__thumbs" aria-label={t('selection', { count: files.length })}>
        {files.slice(0, mobile ? 3 : 4).map((file) => (
          <li key={file.fileID} style={{ width: size, height: size }} className="share-dialog__thumb">
            {file.thumbURLSmall ? (
              <img src={file.thumbURLSmall} alt={file.fileName} width={size} height={size} />
            ) : (
              <span className="share-dialog__doc">{file.fileName}</span>
            )}
          </li>
        ))}
      </ul>
      {state.message && (
        <p role="alert" className="share-dialog__error">
          {t(MESSAGE_KEYS[state.message])}
        </p>
      )}
      {state.view === 'options' && needsServerShare(request.signedIn, files.length) && (
        <FormField label={t('password')} hint={t('passwordHint')} className="share-dialog__password">
          <TextInput
            type="password"
            autoComplete="new-password"
            maxLength={SHARE_PASSWORD_MAX_LENGTH}
            value={linkPassword}
            onChange={(event) => setLinkPassword(event.currentTarget.value)}
          />
        </FormField>
      )}
      {state.view === 'options' && (
        <div className="share-dialog__options">
          <Button variant="primary" icon={<LinkIcon />} onClick={() => void getLink()}>
            {t('getLink')}
          </Button>
          <Button
            icon={<FolderPlus />}
            onClick={() => send({ type: 'addAsAlbumChosen', signedIn: request.signedIn })}
          >
            {t('addAsAlbum')}
          </Button>
        </div>
      )}
      {state.view === 'albumOptions' && (
        <form
          className="share-dialog__album"
          onSubmit={(event) => {
            event.preventDefault();
            void createAlbum();
          }}
        >
          <FormField label={t('albumName')} required>
            <TextInput
              value={albumName}
              onChange={(e) => setAlbumName(e.currentTarget.value)}
              placeholder={t('albumNameHint')}
              autoFocus
            />
          </FormField>
          {creatingAlbum && <Spinner label={t('creatingAlbum')} />}
        </form>
      )}
      {state.view === 'externalOptions' && state.link.status === 'pending' && (
        <div className="share-dialog__pending">
          <Spinner label={t('creatingLink')} />
        </div>
      )}
      {state.view === 'externalOptions' && state.link.status === 'ready' && (
        <ShareLinkPanel
          link={url}
          note={
            linkPassword && state.link.shareId ? (
              <>
                <LockKeyhole aria-hidden="true" className="share-dialog__lock" /> {t('protectedNote')}
              </>
            ) : undefined
          }
          onCopied={(ok) => ok && onLinkCopied()}
          onEmail={
            state.link.shareId
              ? () => send({ type: 'shareByEmailChosen', signedIn: request.signedIn })
              : undefined
          }
        />
      )}
      {state.view === 'email' && (
        <ShareEmailForm
          id="share-dialog-email"
          value={form}
          onChange={setForm}
          onSubmit={() => void sendEmail()}
        />
      )}
    </Modal>
  );
}
