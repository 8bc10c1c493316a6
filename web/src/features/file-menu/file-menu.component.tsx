import { MoreVertical } from 'lucide-react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { offerSubscription } from '../../file-actions/file-action.ports';
import { runFileAction } from '../../file-actions/file-action.registry';
import type { FileActionContext, FileActionId, FileActionResult } from '../../file-actions/file-action.types';
import { FILE_ACTION_ICONS } from '../../file-actions/file-action-icons';
import { IconButton } from '../../ui/button';
import { Menu, type MenuEntry } from '../../ui/menu';
import { fileMenuEntries } from './file-menu.entries';

export interface FileMenuProps {
  context: FileActionContext;
  /** Actions the surface already shows as buttons. */
  exclude?: readonly FileActionId[];
  /** Defaults to a "More options" icon button. */
  trigger?: ReactElement;
  onResult?: (id: FileActionId, result: FileActionResult) => void;
  align?: 'start' | 'center' | 'end';
  className?: string;
}

/** The file context menu: every action the registry allows for these files here. */
export function FileMenu({ context, exclude, trigger, onResult, align = 'end', className }: FileMenuProps) {
  const { t } = useTranslation(['fileMenu', 'fileActions']);
  const entries = fileMenuEntries(context, exclude);
  const button = trigger ?? (
    <IconButton
      className={className}
      label={t('fileMenu:more')}
      icon={<MoreVertical />}
      disabled={entries.length === 0}
    />
  );
  if (entries.length === 0) return button;

  const items: MenuEntry[] = entries.map(({ action, enabled, readOnlyBlocked, danger }) => {
    const Icon = FILE_ACTION_ICONS[action.icon];
    const label = t(action.labelKey);
    return {
      id: action.id,
      label: readOnlyBlocked ? t('fileMenu:readOnlyLabel', { label }) : label,
      icon: <Icon />,
      // A read-only account's blocked action stays choosable: it offers a subscription.
      disabled: !enabled && !readOnlyBlocked,
      danger,
      // Not awaited before running: the clipboard and downloads need the click's user activation.
      onSelect: () => {
        if (readOnlyBlocked) offerSubscription();
        else void runFileAction(action, context).then((result) => onResult?.(action.id, result));
      },
    };
  });
  return <Menu trigger={button} items={items} align={align} />;
}
