import type { ReactNode } from 'react';
import { PageTitle } from '@/components/ui/page-title';
import '../auth.css';

interface AuthCardProps {
  title: string;
  /** A second sentence of the heading, in smaller type below the title (one heading, said once). */
  titleDetail?: string;
  subtitle?: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
}

export function AuthCard({ title, titleDetail, subtitle, icon, children, footer }: AuthCardProps) {
  return (
    <section className="auth-card" aria-labelledby="auth-card-title">
      <PageTitle>{title}</PageTitle>
      {icon ? <div className="auth-card__icon">{icon}</div> : null}
      <h1 id="auth-card-title" className="auth-card__title">
        {title}
        {titleDetail ? (
          <>
            {' '}
            <span className="auth-card__title-detail">{titleDetail}</span>
          </>
        ) : null}
      </h1>
      {subtitle ? <div className="auth-card__subtitle">{subtitle}</div> : null}
      {children}
      {footer ? <div className="auth-card__footer">{footer}</div> : null}
    </section>
  );
}
