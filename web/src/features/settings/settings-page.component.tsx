import {
  Archive,
  ChevronRight,
  FileText,
  HardDrive,
  HeartHandshake,
  Languages,
  Laptop,
  ListChecks,
  Package,
  ShieldCheck,
  UserX,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import './settings.css';

/** The hub's entries (account.md §2 "Settings"). */
export const SETTINGS_LINKS = [
  { id: 'storage', to: '/settings/storage', icon: HardDrive },
  { id: 'devices', to: '/settings/devices', icon: Laptop },
  { id: 'privacy', to: '/settings/privacy', icon: ShieldCheck },
  { id: 'consents', to: '/settings/privacy#consents', icon: ListChecks },
  { id: 'legacy', to: '/settings/privacy#legacy', icon: HeartHandshake },
  { id: 'dataCopy', to: '/settings/privacy#dataAccess', icon: Archive },
  { id: 'deletion', to: '/settings/privacy#deleteAccount', icon: UserX },
  { id: 'takeout', to: '/settings/takeout', icon: Package },
  { id: 'documents', to: '/documents', icon: FileText },
] as const;

export interface SettingsPageProps {
  /** Profile picture and name, from the account feature. */
  profile: ReactNode;
  /** The language picker, from the locale feature. */
  languagePicker: ReactNode;
}

/** /settings: profile at the top, then one row per settings area. */
export function SettingsPage({ profile, languagePicker }: SettingsPageProps) {
  const { t } = useTranslation('settings');
  return (
    <div className="settings">
      <h1 className="settings__title">{t('title')}</h1>
      {profile}
      <nav aria-label={t('sections')}>
        <ul className="settings__list">
          {SETTINGS_LINKS.map(({ id, to, icon: Icon }) => (
            <li key={id}>
              <Link className="settings__row" to={to}>
                <Icon className="settings__icon" aria-hidden="true" />
                <span className="settings__text">
                  <span className="settings__label">{t(`links.${id}.label`)}</span>
                  <span className="settings__hint">{t(`links.${id}.hint`)}</span>
                </span>
                <ChevronRight className="settings__chevron" aria-hidden="true" />
              </Link>
            </li>
          ))}
          <li className="settings__row settings__row--static" id="language">
            <Languages className="settings__icon" aria-hidden="true" />
            <span className="settings__text">
              <span className="settings__label">{t('links.language.label')}</span>
              <span className="settings__hint">{t('links.language.hint')}</span>
            </span>
            <span className="settings__control">{languagePicker}</span>
          </li>
        </ul>
      </nav>
    </div>
  );
}
