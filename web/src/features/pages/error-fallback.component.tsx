import { RotateCw, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isPreloadError } from '../../routing/preload-error.events';
import { StatusPage } from './status-page.component';

export interface ErrorFallbackProps {
  /** What was thrown; a part of the app that failed to load asks for a reload, which fetches the newest. */
  error?: unknown;
  onReload?: () => void;
}

/** The catalogue key of an error's text for the user (the unsubscribe page's, account.md §8), if it has one. */
const userMessageKeyOf = (error: unknown): string | null => {
  const key = error instanceof Error ? (error as { userMessageKey?: unknown }).userMessageKey : undefined;
  return typeof key === 'string' ? key : null;
};

/** What a crashed screen turns into; deliberately free of router hooks so it works above the router. */
export function ErrorFallback({ error, onReload = () => window.location.reload() }: ErrorFallbackProps) {
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
        {userMessageKeyOf(error) !== null && <p>{t(userMessageKeyOf(error) as string)}</p>}
        <p>{t(isPreloadError(error) ? 'pages:boundary.partMissingBody' : 'pages:boundary.body')}</p>
      </StatusPage>
    </div>
  );
}
