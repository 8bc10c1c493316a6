import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { BrandMark } from './brand-mark.component';
import { BurgerMenu } from './burger-menu.component';
import { useSessionUser } from './session-user';
import { UserMenu } from './user-menu.component';
import './top-nav.css';

export const NAV_TABS = [
  { to: '/photos', labelKey: 'tabs.timeline' },
  { to: '/albums', labelKey: 'tabs.albums' },
] as const;

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `top-nav__tab${isActive ? ' top-nav__tab--active' : ''}`;

/** `actions` are shown to a signed-in user before the user menu (the Upload button, composed by app/). */
export function TopNav({ brandName, actions }: { brandName: string; actions?: ReactNode }) {
  const { t } = useTranslation('nav');
  const user = useSessionUser();
  return (
    <header className="top-nav">
      <div className="top-nav__inner">
        <div className="top-nav__burger">
          <BurgerMenu signedIn={user !== null} />
        </div>
        <Link className="top-nav__brand" to="/" aria-label={t('home', { brand: brandName })}>
          <BrandMark />
          <span className="top-nav__brand-name">{brandName}</span>
        </Link>
        <nav className="top-nav__tabs" aria-label={t('mainNav')}>
          {NAV_TABS.map((tab) => (
            <NavLink key={tab.to} to={tab.to} className={tabClass}>
              {t(tab.labelKey)}
            </NavLink>
          ))}
        </nav>
        <div className="top-nav__end">
          {user && actions}
          {user ? (
            <div className="top-nav__user">
              <UserMenu user={user} />
            </div>
          ) : (
            <Link className="top-nav__sign-in" to="/login">
              {t('menu.signIn')}
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
