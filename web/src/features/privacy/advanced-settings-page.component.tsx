import { SlidersHorizontal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../ui/empty-state';
import './privacy.css';

/** /settings/_advanced (account.md §2: its content is not shown): an honest empty page. */
export function AdvancedSettingsPage() {
  const { t } = useTranslation('privacy');
  return (
    <div className="privacy">
      <Link className="privacy__back" to="/settings">
        {t('back')}
      </Link>
      <h1 className="privacy__title">{t('advanced.title')}</h1>
      <div className="privacy__card">
        <EmptyState icon={<SlidersHorizontal />} message={t('advanced.body')} />
      </div>
    </div>
  );
}
