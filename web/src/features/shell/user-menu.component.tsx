import { CircleUserRound, LogOut, Settings, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Menu, type MenuEntry } from '../../ui/menu';
import { type SessionUser, signOut } from './session-user';
import './user-menu.css';

/** The trash hub, as opened from the navigation (core.md §2 fromNav=1). */
export const TRASH_FROM_NAV = '/deleted_items?fromNav=1';

export function UserMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation('nav');
  const navigate = useNavigate();
  const label = user.name ? t('userMenu.signedInAs', { name: user.name }) : t('userMenu.open');
  return (
    <Menu
      trigger={
        <button type="button" className="user-menu__trigger" aria-label={label} title={label}>
          {user.avatarUrl ? (
            <img
              className="user-menu__avatar"
              src={user.avatarUrl}
              alt={t('userMenu.avatarAlt', { name: user.name ?? '' })}
            />
          ) : (
            <CircleUserRound className="user-menu__fallback" aria-hidden="true" />
          )}
        </button>
      }
      items={[
        // The name as a visible entry, so the signed-in account can be read in the menu itself.
        ...(user.name
          ? ([
              {
                id: 'profile',
                label: user.name,
                icon: <CircleUserRound />,
                onSelect: () => void navigate('/settings'),
              },
              { type: 'separator', id: 'sep-profile' },
            ] satisfies MenuEntry[])
          : []),
        {
          id: 'settings',
          label: t('menu.settings'),
          icon: <Settings />,
          onSelect: () => void navigate('/settings'),
        },
        {
          id: 'trash',
          label: t('menu.trash'),
          icon: <Trash2 />,
          onSelect: () => void navigate(TRASH_FROM_NAV),
        },
        { type: 'separator', id: 'sep' },
        {
          id: 'logout',
          label: t('menu.logOut'),
          icon: <LogOut />,
          onSelect: () => {
            signOut();
            void navigate('/');
          },
        },
      ]}
    />
  );
}
