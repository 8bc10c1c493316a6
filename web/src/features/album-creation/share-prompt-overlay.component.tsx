import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useOverlay } from '../../routing/overlay';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { ShareLinkPanel } from '../../ui/share-link-panel';

const ALBUM_ADDRESS = /^\/albums\/([A-Za-z0-9_-]+)\/?$/;

export interface SharePromptOverlayProps {
  /** The link reached the clipboard: the spec's linkWasCopied toast. */
  onLinkCopied(): void;
}

/**
 * The share_prompt overlay: the extra share step after a shared album is created (core.md §2),
 * opened by `?overlay=share_prompt` on the album's page. It offers the album's visitor link; the
 * album page's Share offers the same link, and its e-mail, any time later.
 */
export function SharePromptOverlay({ onLinkCopied }: SharePromptOverlayProps) {
  const { t } = useTranslation('albumCreation');
  const location = useLocation();
  const { overlay, closeOverlay } = useOverlay();
  const albumIDB64 = ALBUM_ADDRESS.exec(location.pathname)?.[1];
  const open = overlay === 'share_prompt' && albumIDB64 !== undefined;
  const link = `${window.location.origin}/a/${albumIDB64 ?? ''}`;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) closeOverlay();
      }}
      title={t('sharePrompt.title')}
      description={t('sharePrompt.description')}
      footer={
        <Button variant="secondary" onClick={closeOverlay}>
          {t('sharePrompt.done')}
        </Button>
      }
    >
      <div className="share-prompt">
        <Users className="share-prompt__icon" aria-hidden="true" />
        <ShareLinkPanel link={link} label={t('sharePrompt.link')} onCopied={(ok) => ok && onLinkCopied()} />
      </div>
    </Modal>
  );
}
