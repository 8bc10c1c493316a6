import { RotateCw, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page.component';

/** What a crashed screen turns into; deliberately free of router hooks so it works above the router. */
export function ErrorFallback({ onReload = () => window.location.reload() }: { onReload?: () => void }) {
  const { t } = useTranslation(['pages', 'common']);
  return (
    <div role="alert" className="error-fallback">
      <StatusPage
        tone="error"
        icon={<TriangleAlert size={24} />}
        title={t('pages:boundary.title')}
        actions={
          <button type="button" className="page-action page-action--primary" onClick={onReload}>
            <RotateCw size={16} aria-hidden="true" />
            {t('common:actions.reload')}
          </button>
        }
      >
        <p>{t('pages:boundary.body')}</p>
      </StatusPage>
    </div>
  );
}
