import type { ReactNode } from 'react';
import './icon-badge.css';

/** An icon in its round badge: a contact method on the timeline and on an interaction, and the timeline's own marks. */
export function IconBadge({ children }: { children: ReactNode }) {
  return (
    <span className="icon-badge" aria-hidden="true">
      {children}
    </span>
  );
}
