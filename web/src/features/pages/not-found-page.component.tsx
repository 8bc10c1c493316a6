import { ArrowLeft, MapPinOff } from 'lucide-react';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { StatusPage } from './status-page.component';

/** React Router numbers in-app history entries; idx 0 means we were opened directly. */
const hasInAppHistory = (): boolean => {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
};

export function NotFoundPage() {
  const { t } = useTranslation('pages');
  const navigate = useNavigate();
  const goBack = (event: MouseEvent<HTMLAnchorElement>) => {
    // A real link to the start page, so it still works for visitors arriving from outside.
    if (!hasInAppHistory()) return;
    event.preventDefault();
    void navigate(-1);
  };
  return (
    <StatusPage
      icon={<MapPinOff size={24} />}
      title={t('notFound.title')}
      actions={
        <Link className="page-action page-action--primary" to="/" onClick={goBack}>
          <ArrowLeft size={16} aria-hidden="true" />
          {t('notFound.goBack')}
        </Link>
      }
    >
      <p>{t('notFound.body')}</p>
    </StatusPage>
  );
}
