import { CircleAlert, UserX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusPage } from './status-page.component';

export const USER_DISABLED_CODE = 'user_disabled';

/** /error/:code — only user_disabled has its own wording; every other code reads as a generic failure. */
export function ErrorPage({ code }: { code: string | undefined }) {
  const { t } = useTranslation(['pages', 'common']);
  if (code === USER_DISABLED_CODE) {
    return (
      <StatusPage
        tone="error"
        icon={<UserX size={24} />}
        title={t('pages:error.userDisabled.title')}
        actions={
          <Link className="page-action page-action--secondary" to="/help#privacy">
            {t('pages:error.userDisabled.link')}
          </Link>
        }
      >
        <p>{t('pages:error.userDisabled.body')}</p>
      </StatusPage>
    );
  }
  return (
    <StatusPage
      tone="error"
      icon={<CircleAlert size={24} />}
      title={t('pages:error.generic.title')}
      actions={
        <Link className="page-action page-action--primary" to="/">
          {t('common:actions.goHome')}
        </Link>
      }
    >
      <p>{t('pages:error.generic.body')}</p>
    </StatusPage>
  );
}
