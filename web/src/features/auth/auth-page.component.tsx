import type { ReactNode } from 'react';
import './auth.css';

/** The quiet centred layout of the login wall, the gates and the flow's waiting pages. */
export function AuthPage({
  icon,
  title,
  children,
  actions,
  busy,
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  busy?: boolean;
}) {
  return (
    <section className="auth-page" aria-labelledby="auth-page-title" aria-busy={busy || undefined}>
      <div className="auth-page__icon" aria-hidden="true">
        {icon}
      </div>
      <h1 id="auth-page-title" className="auth-page__title">
        {title}
      </h1>
      {children}
      {actions ? <div className="auth-page__actions">{actions}</div> : null}
    </section>
  );
}
