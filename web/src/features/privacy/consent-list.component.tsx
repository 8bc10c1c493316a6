import type { ConsentType } from '@nordlys/contract/privacy';
import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/empty-state';
import { Skeleton } from '../../ui/skeleton';
import { Toggle } from '../../ui/toggle';
import { isConsentPending } from './consent-toggle';
import type { useConsents } from './use-consents';

/** Toggles for some of the consents: optimistic, disabled while pending, reverted on failure. */
export function ConsentList({
  keys,
  consents: { state, toggle, reload },
}: {
  keys: readonly ConsentType[];
  consents: ReturnType<typeof useConsents>;
}) {
  const { t } = useTranslation('privacy');
  if (state.status === 'failed') {
    return (
      <EmptyState
        icon={<RefreshCw />}
        message={t('loadFailed')}
        action={{ label: t('retry'), onClick: reload }}
      />
    );
  }
  if (state.status === 'loading') {
    return (
      <div className="privacy__skeletons" role="status" aria-busy="true" aria-label={t('loading')}>
        {keys.map((key) => (
          <Skeleton key={key} className="privacy__skeleton" />
        ))}
      </div>
    );
  }
  return (
    <div className="privacy__toggles">
      {keys.map((key) => (
        <Toggle
          key={key}
          className="privacy__toggle"
          label={t(`consent.${key}.label`)}
          description={t(`consent.${key}.hint`)}
          checked={state.values[key]}
          disabled={isConsentPending(state, key)}
          onCheckedChange={(value) => void toggle(key, value)}
        />
      ))}
    </div>
  );
}
