import { Info } from 'lucide-react';
import type { ReactNode } from 'react';
import './action-note.css';

/**
 * Says, next to an action that is unavailable, why (e.g. billing is not configured). The disabled
 * action points at it with `aria-describedby={id}`, so the reason is read with it.
 */
export function ActionNote({ id, children, className }: { id: string; children: ReactNode; className?: string }) {
  return (
    <p id={id} className={className ? `action-note ${className}` : 'action-note'}>
      <Info size={14} aria-hidden="true" className="action-note__icon" />
      <span>{children}</span>
    </p>
  );
}
