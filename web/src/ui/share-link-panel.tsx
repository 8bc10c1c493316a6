import { linkFor } from '@nordlys/contract/share';
import { Check, Copy, Mail, MessageSquare, Share2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isMobileWidth } from './breakpoints';
import { Button } from './button';
import { TextInput } from './text-input';
import './share-link-panel.css';

export interface ShareLinkPanelProps {
  /** The link as made, without a channel suffix: each channel adds its own (core.md §2). */
  link: string;
  /** The link field's name; "Share link" unless the caller says what it links to. */
  label?: string;
  /** The link reached the clipboard (true) or the browser refused it (false). */
  onCopied?: (ok: boolean) => void;
  /** Offers "share by e-mail"; the caller shows its own form. */
  onEmail?: () => void;
  /** Shown above the link, e.g. who may open it. */
  note?: ReactNode;
}

/**
 * A link to hand on: the address to select, copy (#sc), e-mail, SMS (#sms, phones only, as the
 * spec says) and the system share sheet where the browser has one.
 */
export function ShareLinkPanel({ link, label, onCopied, onEmail, note }: ShareLinkPanelProps) {
  const { t } = useTranslation('ui');
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  const mobile = isMobileWidth(window.innerWidth);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(linkFor(link, 'copy'));
      setCopied('yes');
      onCopied?.(true);
    } catch (error) {
      console.warn('clipboard refused the link', error);
      setCopied('failed');
      onCopied?.(false);
    }
  };
  const nativeShare = async () => {
    try {
      await navigator.share({ url: linkFor(link, 'copy') });
    } catch {
      // Dismissed by the person: nothing to report.
    }
  };
  return (
    <div className="ui-share-link">
      {note && <p className="ui-share-link__note">{note}</p>}
      <TextInput
        readOnly
        value={link}
        aria-label={label ?? t('share.link')}
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className="ui-share-link__channels">
        <Button variant="primary" icon={copied === 'yes' ? <Check /> : <Copy />} onClick={() => void copy()}>
          {copied === 'yes' ? t('share.copied') : t('share.copyLink')}
        </Button>
        {onEmail && (
          <Button icon={<Mail />} onClick={onEmail}>
            {t('share.byEmail')}
          </Button>
        )}
        {mobile && (
          <a
            className="ui-button ui-button--secondary"
            href={`sms:?&body=${encodeURIComponent(linkFor(link, 'sms'))}`}
          >
            <span className="ui-button__icon" aria-hidden="true">
              <MessageSquare />
            </span>
            {t('share.bySms')}
          </a>
        )}
        {typeof navigator.share === 'function' && (
          <Button icon={<Share2 />} onClick={() => void nativeShare()}>
            {t('share.more')}
          </Button>
        )}
      </div>
      {/* The toast layer sits behind an open dialog for assistive technology: say it here too. */}
      <span role="status" className="visually-hidden">
        {copied === 'yes' ? t('share.copied') : ''}
      </span>
      {copied === 'failed' && (
        <p role="alert" className="ui-share-link__error">
          {t('share.copyFailed')}
        </p>
      )}
    </div>
  );
}
