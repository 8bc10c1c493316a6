import { Wrench } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../ui/empty-state';
import { DebugTools } from './debug-tools.component';
import './subscriptions.css';

/**
 * /settings/debug, the debug page (account.md §2), reached from the test flags page. Its tools
 * need the server's test routes; without them the page says so.
 */
export function DebugPage({ testEndpoints }: { testEndpoints: boolean }) {
  const { t } = useTranslation('subscriptions');
  return (
    <div className="storage">
      <Link className="storage__back" to="/settings/testFlags">
        {t('debug.back')}
      </Link>
      <h1 className="storage__title">{t('debug.title')}</h1>
      {testEndpoints ? <DebugTools /> : <EmptyState icon={<Wrench />} message={t('debug.off')} />}
    </div>
  );
}
