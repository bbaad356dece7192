import type { ReactNode } from 'react';

interface ComingSoonPanelProps {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}

/** A deliberate placeholder for the card tabs that arrive with later work. */
export function ComingSoonPanel({ icon, title, children }: ComingSoonPanelProps) {
  return (
    <div className="coming-soon">
      <span className="coming-soon__icon" aria-hidden="true">
        {icon}
      </span>
      <p className="coming-soon__badge">Coming soon</p>
      <h3 className="coming-soon__title">{title}</h3>
      <p className="coming-soon__text">{children}</p>
    </div>
  );
}
