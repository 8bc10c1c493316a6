import { GalleryHorizontalEnd, Images, LogOut, Menu as MenuIcon, Settings, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { IconButton } from '../../ui/button';
import { Menu, type MenuEntry } from '../../ui/menu';
import { signOut } from './session-user';
import { TRASH_FROM_NAV } from './user-menu.component';

/** Below 600 px a signed-in user's tabs and avatar collapse into this one menu. */
export function BurgerMenu() {
  const { t } = useTranslation('nav');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const go = (to: string) => () => void navigate(to);
  const items: MenuEntry[] = [
    { id: 'timeline', label: t('tabs.timeline'), icon: <Images />, onSelect: go('/photos') },
    { id: 'albums', label: t('tabs.albums'), icon: <GalleryHorizontalEnd />, onSelect: go('/albums') },
    { type: 'separator', id: 'sep' },
    { id: 'settings', label: t('menu.settings'), icon: <Settings />, onSelect: go('/settings') },
    { id: 'trash', label: t('menu.trash'), icon: <Trash2 />, onSelect: go(TRASH_FROM_NAV) },
    {
      id: 'logout',
      label: t('menu.logOut'),
      icon: <LogOut />,
      onSelect: () => {
        signOut();
        void navigate('/');
      },
    },
  ];
  return (
    <Menu
      open={open}
      onOpenChange={setOpen}
      align="start"
      trigger={<IconButton label={open ? t('burger.close') : t('burger.open')} icon={<MenuIcon />} />}
      items={items}
    />
  );
}
