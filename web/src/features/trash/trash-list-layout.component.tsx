import { ChevronLeft, RefreshCw, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, IconButton } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Skeleton, SkeletonGroup } from '../../ui/skeleton';
import { groupTrash, type TrashEntry } from './trash-groups';
import { trashListActions as actions, type TrashItem, type TrashListState } from './trash-list.slice';

type ListAction = ReturnType<(typeof actions)[keyof typeof actions]>;

export interface TrashListLayoutProps<T extends TrashItem & { dtime: number }> {
  title: string;
  state: TrashListState<T>;
  dispatch(action: ListAction): void;
  now: number;
  onRetry(): void;
  loadFailedText: string;
  empty: { icon: ReactNode; text: string; action: { label: string; onClick(): void } };
  /** Beside Select all when nothing is selected (Restore all). */
  headingActions?: ReactNode;
  /** The selection toolbar's commands. */
  toolbarActions: ReactNode;
  renderItem(entry: TrashEntry<T>): ReactNode;
  /** Below the groups (Show more). */
  footer?: ReactNode;
}

/** What both trash lists share: back link, heading, selection toolbar, loading, empty and failed states, groups. */
export function TrashListLayout<T extends TrashItem & { dtime: number }>(props: TrashListLayoutProps<T>) {
  const { t } = useTranslation('trash');
  const { state, dispatch } = props;
  let body: ReactNode;
  if (state.status === 'failed' && state.items.length === 0) {
    body = (
      <EmptyState
        icon={<RefreshCw />}
        message={props.loadFailedText}
        action={{ label: t('list.retry'), onClick: props.onRetry }}
      />
    );
  } else if (state.status !== 'fetched' && state.items.length === 0) {
    body = (
      <SkeletonGroup className="trash__grid trash__grid--loading">
        {[0, 1, 2, 3, 4, 5].map((cell) => (
          <Skeleton key={cell} className="trash__skeleton" />
        ))}
      </SkeletonGroup>
    );
  } else if (state.items.length === 0) {
    body = <EmptyState icon={props.empty.icon} message={props.empty.text} action={props.empty.action} />;
  } else {
    body = groupTrash(state.items, props.now).map((group) => (
      <section key={group.key} className="trash__group" aria-labelledby={`trash-group-${group.key}`}>
        <h2 id={`trash-group-${group.key}`} className="trash__group-title">
          {t(`list.groups.${group.key}`)}
        </h2>
        <ul className="trash__grid">{group.entries.map(props.renderItem)}</ul>
      </section>
    ));
  }
  const selecting = state.selected.length > 0;
  return (
    <div className="trash">
      <Link className="trash__back" to=".." relative="path">
        <ChevronLeft aria-hidden="true" />
        {t('list.back')}
      </Link>
      <div className="trash__heading">
        <div>
          <h1 className="trash__title">{props.title}</h1>
          <p className="trash__intro">{t('list.intro')}</p>
        </div>
        {state.items.length > 0 && !selecting && (
          <div className="trash__heading-actions">
            <Button variant="ghost" size="sm" onClick={() => dispatch(actions.allToggled())}>
              {t('list.selectAll')}
            </Button>
            {props.headingActions}
          </div>
        )}
      </div>
      {selecting && (
        <div className="trash__toolbar" role="toolbar" aria-label={t('list.toolbar')}>
          <IconButton
            size="sm"
            label={t('list.clearSelection')}
            icon={<X />}
            onClick={() => dispatch(actions.selectionCleared())}
          />
          <span className="trash__count" aria-live="polite">
            {t('list.selected', { count: state.selected.length })}
          </span>
          {props.toolbarActions}
        </div>
      )}
      {body}
      {props.footer}
    </div>
  );
}
