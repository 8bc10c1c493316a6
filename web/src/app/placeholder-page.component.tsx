import { Hammer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusPage } from '../features/pages/status-page.component';
import './placeholder-page.css';

/**
 * Stands in for a screen whose feature has not landed. The marker attribute lets checks count
 * the screens still waiting, independent of the language shown.
 */
export function PlaceholderPage({ title, brandName }: { title: string; brandName: string }) {
  const { t } = useTranslation(['app', 'common']);
  return (
    <div className="placeholder-page" data-screen-status="not built yet">
      <StatusPage
        icon={<Hammer size={24} />}
        title={title}
        actions={
          <Link className="page-action page-action--secondary" to="/">
            {t('common:actions.goHome')}
          </Link>
        }
      >
        <p>
          {t('app:placeholder.notBuilt', { brand: brandName, defaultValue: 'This part is not built yet.' })}
        </p>
        <p>{t('app:placeholder.body')}</p>
      </StatusPage>
    </div>
  );
}
