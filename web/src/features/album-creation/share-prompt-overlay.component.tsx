import { Check, Copy, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useOverlay } from '../../routing/overlay';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { TextInput } from '../../ui/text-input';

const ALBUM_ADDRESS = /^\/albums\/([A-Za-z0-9_-]+)\/?$/;

/**
 * The share_prompt overlay: the extra share step after a shared album is created (core.md §2),
 * opened by `?overlay=share_prompt` on the album's page. It offers the album's visitor link.
 */
export function SharePromptOverlay() {
  const { t } = useTranslation('albumCreation');
  const location = useLocation();
  const { overlay, closeOverlay } = useOverlay();
  const [copied, setCopied] = useState(false);
  const albumIDB64 = ALBUM_ADDRESS.exec(location.pathname)?.[1];
  const open = overlay === 'share_prompt' && albumIDB64 !== undefined;
  const link = `${window.location.origin}/a/${albumIDB64 ?? ''}`;
  const close = () => {
    setCopied(false);
    closeOverlay();
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
      title={t('sharePrompt.title')}
      description={t('sharePrompt.description')}
      footer={
        <Button variant="primary" onClick={close}>
          {t('sharePrompt.done')}
        </Button>
      }
    >
      <div className="share-prompt">
        <Users className="share-prompt__icon" aria-hidden="true" />
        <TextInput
          readOnly
          value={link}
          aria-label={t('sharePrompt.link')}
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button icon={copied ? <Check /> : <Copy />} onClick={() => void copy()}>
          {copied ? t('sharePrompt.copied') : t('sharePrompt.copy')}
        </Button>
      </div>
    </Modal>
  );
}
