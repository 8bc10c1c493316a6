import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { offerSubscription } from '../../file-actions/file-action.ports';
import type { FileAction } from '../../file-actions/file-action.types';
import { FILE_ACTION_ICONS } from '../../file-actions/file-action-icons';
import { Button, IconButton } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { Tooltip } from '../../ui/tooltip';

export interface ToolbarAction {
  action: FileAction;
  enabled: boolean;
  readOnlyBlocked: boolean;
}

export interface SelectionToolbarProps {
  count: number;
  actions: readonly ToolbarAction[];
  fetchingRange: boolean;
  shiftHint: boolean;
  busy: boolean;
  onRun: (action: FileAction) => void;
  onClear: () => void;
}

/** The 56 px selection toolbar that stands in for the top bar while files are selected. */
export function SelectionToolbar({
  count,
  actions,
  fetchingRange,
  shiftHint,
  busy,
  onRun,
  onClear,
}: SelectionToolbarProps) {
  const { t } = useTranslation(['timeline', 'fileActions']);
  return (
    <div className="selection-toolbar" role="toolbar" aria-label={t('timeline:selection.toolbar')}>
      <IconButton icon={<X />} label={t('timeline:selection.clear')} onClick={onClear} />
      <p className="selection-toolbar__count" aria-live="polite">
        {t('timeline:selection.count', { count })}
      </p>
      {fetchingRange ? (
        <p className="selection-toolbar__status" role="status">
          <Spinner label={null} />
          {t('timeline:selection.fetchingInfo')}
        </p>
      ) : shiftHint ? (
        <p className="selection-toolbar__hint">{t('timeline:selection.shiftHint')}</p>
      ) : null}
      <div className="selection-toolbar__actions">
        {actions.map(({ action, enabled, readOnlyBlocked }) => {
          const Icon = FILE_ACTION_ICONS[action.icon];
          const button = (
            <Button
              key={action.id}
              variant={action.id === 'DELETE' || action.id === 'PERM_DELETE' ? 'danger' : 'secondary'}
              size="sm"
              icon={<Icon />}
              aria-disabled={!enabled || busy || undefined}
              data-action={action.id}
              onClick={() => {
                if (readOnlyBlocked) offerSubscription();
                else if (enabled && !busy) onRun(action);
              }}
            >
              <span className="visually-hidden-on-phone">{t(action.labelKey)}</span>
            </Button>
          );
          return readOnlyBlocked ? (
            <Tooltip key={action.id} content={t('fileActions:readOnlyTooltip')}>
              {button}
            </Tooltip>
          ) : (
            button
          );
        })}
      </div>
    </div>
  );
}
