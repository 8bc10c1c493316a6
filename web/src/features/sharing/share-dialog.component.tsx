import { Copy, FolderPlus, Link as LinkIcon, Mail, MessageSquare, Share2 } from 'lucide-react';
import { useEffect, useReducer, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { createShare, emailShare } from '../../api/shares.api';
import { isMobileWidth } from '../../ui/breakpoints';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { TextInput } from '../../ui/text-input';
import {
  emailFormCheck,
  headThumbSize,
  initialShareDialog,
  isTransientMessage,
  linkFor,
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
}

/** core.md §2 share dialog from a selection: get a link, copy it, send it by e-mail or SMS, or add as album. */
export function ShareDialog({ onCreateAlbum }: ShareDialogProps) {
  const request = useSyncExternalStore(onShareRequestChange, currentShareRequest);
  const { t } = useTranslation('sharing');
  const [state, send] = useReducer(shareDialogReducer, initialShareDialog);
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  const [form, setForm] = useState({ recipients: '', subject: '', message: '' });
  const [sending, setSending] = useState(false);
  const [albumName, setAlbumName] = useState('');
  const [creatingAlbum, setCreatingAlbum] = useState(false);
  const mobile = isMobileWidth(window.innerWidth);

  useEffect(() => {
    send({ type: request ? 'opened' : 'closed' });
    setCopied('no');
    setForm({ recipients: '', subject: '', message: '' });
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
      const reply = await createShare(files.map((file) => file.fileID));
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
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(linkFor(url, 'copy'));
      setCopied('yes');
    } catch (error) {
      console.warn('clipboard refused the link', error);
      setCopied('failed');
    }
  };
  const nativeShare = async () => {
    try {
      await navigator.share({ url: linkFor(url, 'copy') });
    } catch {
      // Dismissed by the person: nothing to report.
    }
  };
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
            <Button variant="primary" disabled={!check.canSubmit || sending} onClick={() => void sendEmail()}>
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
        <div className="share-dialog__link">
          <TextInput readOnly value={url} aria-label={t('link')} onFocus={(e) => e.currentTarget.select()} />
          <div className="share-dialog__channels">
            <Button icon={<Copy />} onClick={() => void copy()}>
              {copied === 'yes' ? t('copied') : t('copyLink')}
            </Button>
            {state.link.shareId && (
              <Button
                icon={<Mail />}
                onClick={() => send({ type: 'shareByEmailChosen', signedIn: request.signedIn })}
              >
                {t('byEmail')}
              </Button>
            )}
            {mobile && (
              <a className="button" href={`sms:?&body=${encodeURIComponent(linkFor(url, 'sms'))}`}>
                <MessageSquare aria-hidden="true" /> {t('bySms')}
              </a>
            )}
            {typeof navigator.share === 'function' && (
              <Button icon={<Share2 />} onClick={() => void nativeShare()}>
                {t('more')}
              </Button>
            )}
          </div>
          {copied === 'failed' && (
            <p role="alert" className="share-dialog__error">
              {t('copyFailed')}
            </p>
          )}
        </div>
      )}
      {state.view === 'email' && (
        <form
          className="share-dialog__email"
          onSubmit={(event) => {
            event.preventDefault();
            void sendEmail();
          }}
        >
          <FormField
            label={t('email.recipients')}
            required
            error={form.recipients && !check.recipientsValid ? 'invalid' : null}
          >
            <TextInput
              value={form.recipients}
              onChange={(e) => setForm({ ...form, recipients: e.currentTarget.value })}
              placeholder={t('email.recipientsHint')}
            />
          </FormField>
          <FormField
            label={t('email.subject')}
            required
            error={form.subject && !check.subjectValid ? 'invalid' : null}
          >
            <TextInput
              value={form.subject}
              onChange={(e) => setForm({ ...form, subject: e.currentTarget.value })}
            />
          </FormField>
          <FormField label={t('email.message')} id="share-email-message">
            <textarea
              id="share-email-message"
              className="share-dialog__message"
              value={form.message}
              onChange={(e) => setForm({ ...form, message: e.currentTarget.value })}
            />
          </FormField>
        </form>
      )}
    </Modal>
  );
}
