import type { ReactNode } from 'react';
import './status-page.css';

/** The quiet centred layout shared by not-found, error and placeholder screens. */
export function StatusPage({
  icon,
  title,
  children,
  actions,
  tone = 'neutral',
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  tone?: 'neutral' | 'error';
}) {
  return (
    <section className={`status-page status-page--${tone}`} aria-labelledby="status-page-title">
      <div className="status-page__icon" aria-hidden="true">
        {icon}
      </div>
      <h1 id="status-page-title" className="status-page__title">
        {title}
      </h1>
      {children ? <div className="status-page__body">{children}</div> : null}
      {actions ? <div className="status-page__actions">{actions}</div> : null}
    </section>
  );
}
