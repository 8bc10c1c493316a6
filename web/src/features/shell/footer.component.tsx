import { CLIENT_VERSION } from '@nordlys/contract/constants';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import './footer.css';

export interface FooterLinks {
  terms: string;
  privacy: string;
  legal: string;
  support?: string;
  appStore?: string;
  playStore?: string;
  freeVersionEnding?: string;
  /** The free-version-ending page has its own Swedish variant. */
  freeVersionEndingSv?: string;
}

/** Same-origin paths stay in the SPA; deployments may point these at an external site instead. */
function FooterLink({ href, children }: { href: string; children: ReactNode }) {
  if (href.startsWith('/')) {
    return (
      <Link className="footer__link" to={href}>
        {children}
      </Link>
    );
  }
  return (
    <a className="footer__link" href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

export function Footer({
  brandName,
  links,
  languageSwitcher,
  year = new Date().getFullYear(),
}: {
  brandName: string;
  links: FooterLinks;
  /** Supplied by the app so the shell does not depend on the locale feature. */
  languageSwitcher?: ReactNode;
  year?: number;
}) {
  const { t, i18n } = useTranslation('nav');
  const freeVersionEnding =
    i18n.language === 'sv_SE'
      ? (links.freeVersionEndingSv ?? links.freeVersionEnding)
      : links.freeVersionEnding;
  const extra: [string | undefined, string][] = [
    [links.support, 'footer.support'],
    [freeVersionEnding, 'footer.freeVersionEnding'],
    [links.appStore, 'footer.appStore'],
    [links.playStore, 'footer.playStore'],
  ];
  return (
    <footer className="footer">
      <div className="footer__inner">
        <nav className="footer__links" aria-label={t('footer.label')}>
          <FooterLink href={links.terms}>{t('footer.terms')}</FooterLink>
          <FooterLink href={links.privacy}>{t('footer.privacy')}</FooterLink>
          <FooterLink href={links.legal}>{t('footer.legal')}</FooterLink>
          {extra.map(([href, key]) =>
            href ? (
              <FooterLink key={key} href={href}>
                {t(key)}
              </FooterLink>
            ) : null,
          )}
        </nav>
        <div className="footer__meta">
          {languageSwitcher}
          <span>{t('footer.copyright', { year, brand: brandName })}</span>
          <span className="footer__version">{t('footer.version', { version: CLIENT_VERSION })}</span>
        </div>
      </div>
    </footer>
  );
}
