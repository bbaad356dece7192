import { Info, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import './alert.css';

interface AlertProps {
  tone?: 'warning' | 'info' | 'success';
  title?: string;
  children: ReactNode;
}

/** The warning box forms use for server errors (role="alert", so it is announced). */
export function Alert({ tone = 'warning', title, children }: AlertProps) {
  const Icon = tone === 'warning' ? TriangleAlert : Info;
  return (
    <div className={`alert alert--${tone}`} role={tone === 'warning' ? 'alert' : 'status'}>
      <Icon size={18} aria-hidden="true" className="alert__icon" />
      <div className="alert__body">
        {title ? <p className="alert__title">{title}</p> : null}
        <div>{children}</div>
      </div>
    </div>
  );
}
