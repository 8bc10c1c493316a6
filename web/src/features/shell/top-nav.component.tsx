import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
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

/**
 * `actions` are shown to a signed-in user before the user menu (the Upload button, composed by app/).
 * A signed-out visitor (someone opening a shared link) has no timeline or albums of their own: the
 * bar offers what they can do instead, getting the product and signing in.
 */
export function TopNav({ brandName, actions }: { brandName: string; actions?: ReactNode }) {
  const { t } = useTranslation('nav');
  const user = useSessionUser();
  const { pathname } = useLocation();
  return (
    <header className="top-nav">
      <div className="top-nav__inner">
        {user && (
          <div className="top-nav__burger">
            <BurgerMenu />
          </div>
        )}
        <Link className="top-nav__brand" to="/" aria-label={t('home', { brand: brandName })}>
          <BrandMark />
          <span className="top-nav__brand-name">{brandName}</span>
        </Link>
        {user && (
          <nav className="top-nav__tabs" aria-label={t('mainNav')}>
            {NAV_TABS.map((tab) => (
              <NavLink key={tab.to} to={tab.to} className={tabClass}>
                {t(tab.labelKey)}
              </NavLink>
            ))}
          </nav>
        )}
        <div className="top-nav__end">
          {user && actions}
          {user ? (
            <div className="top-nav__user">
              <UserMenu user={user} />
            </div>
          ) : (
            <>
              {pathname !== '/' && (
                <Link className="top-nav__get" to="/">
                  {t('getApp', { brand: brandName })}
                </Link>
              )}
              <Link className="top-nav__sign-in" to="/login">
                {t('menu.signIn')}
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
