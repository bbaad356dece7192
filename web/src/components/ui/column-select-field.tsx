import type { Tier } from '@tend/contracts';
import type { ReactNode, SelectHTMLAttributes } from 'react';
import { FieldFrame, useFieldIds } from './text-field';
import './field.css';

export interface ColumnSelectFieldProps extends Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'id' | 'value' | 'onChange' | 'children'
> {
  label: ReactNode;
  /** The board's columns, in the order they are offered. */
  tiers: readonly Tier[];
  /** The chosen column's id (undefined: none yet, the select shows empty). */
  value: number | undefined;
  onChange: (tierId: number) => void;
  hint?: ReactNode;
}

/** A board column picker: the import's destination, the triage's and the network's "Add to board". */
export function ColumnSelectField({
  label,
  tiers,
  value,
  onChange,
  hint,
  className,
  ...selectProps
}: ColumnSelectFieldProps) {
  const ids = useFieldIds(hint, null);
  return (
    <FieldFrame ids={ids} label={label} hint={hint} className={className}>
      <select
        id={ids.id}
        className="field__input field__select"
        aria-describedby={ids.describedBy}
        value={value ?? ''}
        onChange={(event) => onChange(Number(event.target.value))}
        {...selectProps}
      >
        {tiers.map((tier) => (
          <option key={tier.id} value={tier.id}>
            {tier.name}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
