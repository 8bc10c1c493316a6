import { localeTag } from '@nordlys/contract/language-rule';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { approveTerms } from '../../api/privacy.api';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { blockingOverlayQueue, sunsetSeenKey } from './blocking-overlays';
import './privacy.css';

export interface BlockingOverlaysProps {
  brandName: string;
  userId: string | null;
  tosToApprove: string | null;
  sunsetDeleteDate: string | null;
  /** Another feature's subscription dialog holds the front of the queue while it wants to show. */
  subscriptionRequired: boolean;
  links: { terms: string; freeVersionEnding: string };
  /** Account info read again after the terms were approved (the terms are then cleared). */
  onTermsApproved(): void;
  onTermsDeclined(): void;
  openPlans(): void;
}

const wasSeen = (key: string) => {
  try {
    return localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
};

/**
 * The blocking overlays (account.md §4), one at a time in queue order: terms of service (accept
 * or decline, not closable by clicking outside), then the sunset deletion prompt (seen once per
 * date on this browser). The subscription overlay belongs to the subscriptions feature.
 */
export function BlockingOverlays(props: BlockingOverlaysProps) {
  const { t, i18n } = useTranslation('privacy');
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);
  const [approved, setApproved] = useState<string | null>(null);
  const [, rerender] = useState(0);
  if (!props.userId) return null;
  const seenKey = props.sunsetDeleteDate ? sunsetSeenKey(props.userId, props.sunsetDeleteDate) : null;
  const [front] = blockingOverlayQueue({
    subscriptionRequired: props.subscriptionRequired,
    tosToApprove: props.tosToApprove === approved ? null : props.tosToApprove,
    sunsetDeleteDate: props.sunsetDeleteDate,
    sunsetSeen: seenKey ? wasSeen(seenKey) : true,
  });

  const accept = async (version: string) => {
    setPending(true);
    setFailed(false);
    try {
      await approveTerms(version);
      setApproved(version);
      props.onTermsApproved();
    } catch {
      setFailed(true);
    } finally {
      setPending(false);
    }
  };

  const dismissSunset = () => {
    if (seenKey) {
      try {
        localStorage.setItem(seenKey, '1');
      } catch {
        // Without storage the prompt shows again next time; nothing else to do.
      }
    }
    rerender((n) => n + 1);
  };

  if (front === 'TermsOfService' && props.tosToApprove) {
    const version = props.tosToApprove;
    return (
      <Modal
        open
        onOpenChange={() => {}}
        dismissible={false}
        title={t('terms.title')}
        description={t('terms.body', { brand: props.brandName })}
        footer={
          <>
            <Button disabled={pending} onClick={props.onTermsDeclined}>
              {t('terms.decline')}
            </Button>
            <Button variant="primary" pending={pending} onClick={() => void accept(version)}>
              {t('terms.accept')}
            </Button>
          </>
        }
      >
        <a className="privacy__link" href={props.links.terms} target="_blank" rel="noreferrer">
          {t('terms.read')}
        </a>
        {failed && (
          <p className="privacy__note privacy__note--error" role="alert">
            {t('terms.failed')}
          </p>
        )}
      </Modal>
    );
  }
  if (front === 'SunsetDeletion' && props.sunsetDeleteDate) {
    const date = new Intl.DateTimeFormat(localeTag(i18n.language), {
      dateStyle: 'long',
      timeZone: 'UTC',
    }).format(new Date(`${props.sunsetDeleteDate}T00:00:00Z`));
    return (
      <Modal
        open
        onOpenChange={(open) => {
          if (!open) dismissSunset();
        }}
        title={t('sunset.title')}
        description={t('sunset.body', { date })}
        footer={
          <>
            <a
              className="ui-button ui-button--secondary"
              href={props.links.freeVersionEnding}
              target="_blank"
              rel="noreferrer"
            >
              {t('sunset.moreInfo')}
            </a>
            <Button
              variant="primary"
              onClick={() => {
                dismissSunset();
                props.openPlans();
              }}
            >
              {t('sunset.plans')}
            </Button>
          </>
        }
      />
    );
  }
  return null;
}
