import { ChevronDown } from 'lucide-react';
import { Accordion } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ConsentList } from './consent-list.component';
import { DataAccessSection } from './data-access-section.component';
import { DeleteAccountSection } from './delete-account-section.component';
import { EmailConsentToggle } from './email-consent-toggle.component';
import { LegacySection } from './legacy-section.component';
import type { PrivacySlots } from './privacy.ports';
import { useConsents } from './use-consents';
import './privacy.css';

const SECTIONS = ['stayUpToDate', 'consents', 'dataAccess', 'legacy', 'deleteAccount'] as const;
type Section = (typeof SECTIONS)[number];

const STAY_UP_TO_DATE = [
  'stay_up_to_date__email',
  'stay_up_to_date__push_notification',
  'stay_up_to_date__sms',
] as const;
const CONSENTS = [
  'help_us_improve',
  'advanced_filtering_and_categorization',
  'face_grouping',
  'facial_recognition',
] as const;

/** /settings/privacy (also in the app's web view): accordions for each area (account.md §2). */
export function PrivacyPage({ slots }: { slots: PrivacySlots }) {
  const { t } = useTranslation('privacy');
  const { hash, pathname } = useLocation();
  const inApp = slots.isInAppPath(pathname);
  const consents = useConsents();
  // The hub links to a section by its anchor (/settings/privacy#legacy): that one opens.
  const wanted = hash.slice(1) as Section;
  const open: Section[] = SECTIONS.includes(wanted) ? [wanted] : ['stayUpToDate'];

  const bodies: Record<Section, ReactNode> = {
    stayUpToDate: (
      <div className="privacy__section-body">
        <p>{t('stayUpToDate.intro')}</p>
        <div className="privacy__toggles">
          <EmailConsentToggle host={slots.emailConsentHost} onChanged={slots.notifyEmailSettingsChanged} />
        </div>
        <ConsentList keys={STAY_UP_TO_DATE} consents={consents} />
      </div>
    ),
    consents: (
      <div className="privacy__section-body">
        <p>{t('consentsIntro')}</p>
        <ConsentList keys={CONSENTS} consents={consents} />
      </div>
    ),
    dataAccess: <DataAccessSection />,
    legacy: <LegacySection />,
    deleteAccount: (
      <DeleteAccountSection onAccepted={slots.onAccountDeletionAccepted} onDeleted={slots.onAccountDeleted} />
    ),
  };

  return (
    <div className="privacy">
      {!inApp && (
        <Link className="privacy__back" to="/settings">
          {t('back')}
        </Link>
      )}
      <h1 className="privacy__title">{t('title')}</h1>
      <p className="privacy__intro">{t('intro')}</p>
      <Accordion.Root type="multiple" defaultValue={open} className="privacy__accordion">
        {SECTIONS.map((section) => (
          <Accordion.Item key={section} value={section} id={section} className="privacy__item">
            <Accordion.Header className="privacy__item-header">
              <Accordion.Trigger className="privacy__trigger">
                <span>{t(`sections.${section}`)}</span>
                <ChevronDown aria-hidden="true" className="privacy__chevron" />
              </Accordion.Trigger>
            </Accordion.Header>
            <Accordion.Content className="privacy__content">{bodies[section]}</Accordion.Content>
          </Accordion.Item>
        ))}
      </Accordion.Root>
    </div>
  );
}
