import { PICTURE_EXTENSIONS, VIDEO_EXTENSIONS } from '@nordlys/contract/supported-extensions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteTestPaymentData } from '../../api/subscriptions.api';
import { Button } from '../../ui/button';

/**
 * The debug tools (account.md §2): delete the account's test payment data and the supported
 * file extensions. Shown on the debug page and the storage page when the server's test routes are on.
 */
export function DebugTools({ onDeleted }: { onDeleted?(): void }) {
  const { t } = useTranslation('subscriptions');
  const [state, setState] = useState<'idle' | 'pending' | 'deleted' | 'failed'>('idle');
  return (
    <section className="storage__section" aria-labelledby="storage-test">
      <h2 id="storage-test" className="storage__heading">
        {t('storage.test.heading')}
      </h2>
      <div className="storage__actions">
        <Button
          size="sm"
          variant="danger"
          pending={state === 'pending'}
          onClick={() => {
            setState('pending');
            void deleteTestPaymentData().then(
              () => {
                setState('deleted');
                onDeleted?.();
              },
              () => setState('failed'),
            );
          }}
        >
          {t('storage.test.delete')}
        </Button>
        <span role="status" className={state === 'failed' ? 'storage__error' : 'storage__meta'}>
          {state === 'deleted'
            ? t('storage.test.deleted')
            : state === 'failed'
              ? t('storage.test.deleteFailed')
              : ''}
        </span>
      </div>
      <h3 className="storage__subheading">{t('storage.test.extensions')}</h3>
      <p className="storage__meta">
        {t('storage.test.pictures', {
          count: PICTURE_EXTENSIONS.length,
          list: PICTURE_EXTENSIONS.join(', '),
        })}
      </p>
      <p className="storage__meta">
        {t('storage.test.videos', { count: VIDEO_EXTENSIONS.length, list: VIDEO_EXTENSIONS.join(', ') })}
      </p>
    </section>
  );
}
