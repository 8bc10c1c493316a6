import type { RecentCounts } from '@nordlys/contract/timeline';
import { useTranslation } from 'react-i18next';
import { ScrollRow } from '../../ui/scroll-row';
import { defaultRecentsFilter, isRecentsFilter, type TimelineFilterId } from './timeline-filter';

export interface TimelineFilterBarProps {
  filter: TimelineFilterId;
  recents: RecentCounts | null;
  onChange: (filter: TimelineFilterId) => void;
}

const MAIN_FILTERS = ['all', 'only_images', 'only_videos'] as const;
const RECENT_FILTERS = ['recents_1', 'recents_7', 'recents_30'] as const;

/** Filter chips: all, photos, videos, and recently uploaded (1, 7 or 30 days). */
export function TimelineFilterBar({ filter, recents, onChange }: TimelineFilterBarProps) {
  const { t } = useTranslation('timeline');
  const recentActive = isRecentsFilter(filter);
  const chip = (id: TimelineFilterId, label: string, pressed: boolean, onClick = () => onChange(id)) => (
    <button
      key={id}
      type="button"
      className={`timeline-chip${pressed ? ' timeline-chip--active' : ''}`}
      aria-pressed={pressed}
      onClick={onClick}
    >
      {label}
    </button>
  );
  return (
    <ScrollRow
      as="nav"
      className="timeline-filters"
      frameClassName="timeline-filters-frame"
      aria-label={t('filters.label')}
    >
      <div className="timeline-filters__group">
        {MAIN_FILTERS.map((id) => chip(id, t(`filters.${id}`), filter === id))}
        {chip(defaultRecentsFilter(recents), t('filters.recents'), recentActive, () => {
          if (!recentActive) onChange(defaultRecentsFilter(recents));
        })}
      </div>
      {recentActive ? (
        <div className="timeline-filters__group">
          {RECENT_FILTERS.map((id) =>
            chip(id, t(`filters.${id}`, { count: recents?.[id] ?? 0 }), filter === id),
          )}
        </div>
      ) : null}
    </ScrollRow>
  );
}
