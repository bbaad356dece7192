import { passwordChecklist } from '@tend/contracts';
import { Check, Circle, X } from 'lucide-react';
import './password-checklist.css';

interface PasswordChecklistProps {
  password: string;
  /** After a submit attempt unmet rules turn red with a cross (PRODUCT.md §5). */
  attempted: boolean;
  id?: string;
}

export type ChecklistState = 'met' | 'unmet' | 'failed';

/** The spec's live checklist: green check when met, red cross after a submit attempt. */
export function PasswordChecklist({ password, attempted, id }: PasswordChecklistProps) {
  const items = passwordChecklist(password);
  return (
    <ul className="checklist" id={id} aria-label="Password requirements">
      {items.map((item) => {
        const state: ChecklistState = item.met ? 'met' : attempted ? 'failed' : 'unmet';
        const Icon = state === 'met' ? Check : state === 'failed' ? X : Circle;
        return (
          <li key={item.id} className={`checklist__item checklist__item--${state}`} data-state={state}>
            <Icon size={state === 'unmet' ? 10 : 14} aria-hidden="true" className="checklist__icon" />
            <span>{item.label}</span>
            <span className="visually-hidden">{state === 'met' ? ' (met)' : ' (not met)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
