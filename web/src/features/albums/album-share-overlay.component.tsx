import type { Album } from '@nordlys/contract/album';
import { albumIdToB64 } from '@nordlys/contract/album-id';
import { emailFormCheck } from '@nordlys/contract/share';
import { Link as LinkIcon, LockKeyhole, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { publishAlbum, setAlbumPrivacy } from '../../api/albums.api';
import { useAppDispatch } from '../../state/hooks';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { emptyShareEmail, ShareEmailForm } from '../../ui/share-email-form';
import { ShareLinkPanel } from '../../ui/share-link-panel';
import { albumPath } from './album-address';
import type { AlbumView } from './album-model';
import { albumsPorts } from './albums.ports';

export interface AlbumShareOverlayProps {
  open: boolean;
  onClose: () => void;
  album: AlbumView;
  onChanged: (album: Album) => void;
}

type View = 'link' | 'email';

/**
 * The owner's Share on the album page, at any time: the visitor link to copy (#sc), e-mail (#se,
 * sent by the server) or text (#sms); a private album is first offered to be shared by link.
 */
export function AlbumShareOverlay({ open, onClose, album, onChanged }: AlbumShareOverlayProps) {
  const { t } = useTranslation('albums');
  const dispatch = useAppDispatch();
  const [view, setView] = useState<View>('link');
  const [email, setEmail] = useState(emptyShareEmail);
  const [sending, setSending] = useState(false);
  const [emailFailed, setEmailFailed] = useState(false);
  const [sentTo, setSentTo] = useState<number | null>(null);
  const [sharing, setSharing] = useState(false);
  useEffect(() => {
    if (open) {
      setView('link');
      setEmail(emptyShareEmail);
      setEmailFailed(false);
      setSentTo(null);
    }
  }, [open]);

  const link = new URL(albumPath(album.id, true), window.location.origin).href;
  const check = emailFormCheck(email);

  const shareByLink = async () => {
    setSharing(true);
    try {
      onChanged(await setAlbumPrivacy(album.id, 'shared'));
    } catch {
      albumsPorts().showToast(dispatch, { type: 'genericError', jobId: album.id });
    } finally {
      setSharing(false);
    }
  };

  const send = async () => {
    if (!check.canSubmit) return;
    setSending(true);
    setEmailFailed(false);
    try {
      await publishAlbum(album.id, {
        to_email: check.recipients.join(', '),
        subject: email.subject.trim(),
        ...(email.message.trim() ? { message: email.message } : {}),
      });
      setSentTo(check.recipients.length);
      setEmail(emptyShareEmail);
      setView('link');
    } catch {
      setEmailFailed(true);
    } finally {
      setSending(false);
    }
  };

  const formId = `album-share-email-${albumIdToB64(album.id)}`;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={view === 'email' ? t('share.emailTitle') : t('share.title')}
      footer={
        view === 'email' ? (
          <>
            <Button variant="ghost" onClick={() => setView('link')} disabled={sending}>
              {t('share.back')}
            </Button>
            <Button
              variant="primary"
              type="submit"
              form={formId}
              disabled={!check.canSubmit}
              pending={sending}
            >
              {t('share.send')}
            </Button>
          </>
        ) : (
          <Button variant="secondary" onClick={onClose}>
            {t('share.done')}
          </Button>
        )
      }
    >
      {!album.isShared ? (
        <div className="album-share">
          <p className="album-share__note">{t('share.privateNote')}</p>
          <Button variant="primary" icon={<LinkIcon />} pending={sharing} onClick={() => void shareByLink()}>
            {t('share.makeShared')}
          </Button>
        </div>
      ) : view === 'link' ? (
        <div className="album-share">
          <ShareLinkPanel
            link={link}
            note={
              <span className="album-share__mode">
                {album.passwordProtected ? <LockKeyhole aria-hidden="true" /> : <Users aria-hidden="true" />}
                {album.passwordProtected ? t('share.protectedNote') : t('share.sharedNote')}
              </span>
            }
            onCopied={(ok) => ok && albumsPorts().showToast(dispatch, { type: 'linkWasCopied' })}
            onEmail={() => {
              setSentTo(null);
              setView('email');
            }}
          />
          {sentTo !== null && (
            <p role="status" className="album-share__sent">
              {t('share.emailSent', { count: sentTo })}
            </p>
          )}
        </div>
      ) : (
        <div className="album-share">
          {emailFailed && (
            <p role="alert" className="album-share__error">
              {t('share.emailFailed')}
            </p>
          )}
          <ShareEmailForm id={formId} value={email} onChange={setEmail} onSubmit={() => void send()} />
        </div>
      )}
    </Modal>
  );
}
