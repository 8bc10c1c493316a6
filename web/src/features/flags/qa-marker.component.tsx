import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { selectHasActiveTestFlags } from './flags.slice';
import './qa-marker.css';

export type QaMarkerState = 'hidden' | 'flags' | 'staging' | 'both';

export function qaMarkerState(activeFlags: boolean, onStagingHost: boolean): QaMarkerState {
  if (activeFlags && onStagingHost) return 'both';
  if (activeFlags) return 'flags';
  if (onStagingHost) return 'staging';
  return 'hidden';
}

/**
 * A small corner triangle so testers never mistake a flagged or staging page for production.
 * Decorative for assistive tech; the title explains it on hover.
 */
export function QaMarker({ onStagingHost }: { onStagingHost: boolean }) {
  const { t } = useTranslation('flags');
  const activeFlags = useSelector(selectHasActiveTestFlags);
  const state = qaMarkerState(activeFlags, onStagingHost);
  if (state === 'hidden') return null;
  return (
    <div
      className={`qa-marker qa-marker--${state}`}
      data-testid="qa-marker"
      data-state={state}
      aria-hidden="true"
      title={t(`marker.${state}`)}
    />
  );
}
