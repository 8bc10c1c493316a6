import { Link2Off } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusPage } from './status-page.component';

/**
 * An album address without its album (core.md §1). `detail` is the spec's own failure text, shown
 * as it is so that a support request can quote it.
 */
export function MissingAlbumPage({ detail }: { detail: string }) {
  const { t } = useTranslation(['pages', 'common']);
  return (
    <StatusPage
      tone="error"
      icon={<Link2Off size={24} />}
      title={t('pages:missingAlbum.title')}
      actions={
        <>
          <Link className="page-action page-action--primary" to="/albums">
            {t('pages:missingAlbum.albums')}
          </Link>
          <Link className="page-action page-action--secondary" to="/">
            {t('common:actions.goHome')}
          </Link>
        </>
      }
    >
      <p>{t('pages:missingAlbum.body')}</p>
      <p className="status-page__detail" lang="en">
        {detail}
      </p>
    </StatusPage>
  );
}
