import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { defaultTiers } from '@/test/fixtures';
import { ColumnSelectField } from './column-select-field';

function Harness({ initial }: { initial: number | undefined }) {
  const [tierId, setTierId] = useState(initial);
  return (
    <>
      <ColumnSelectField label="Column" tiers={defaultTiers()} value={tierId} onChange={setTierId} />
      <output>{tierId === undefined ? 'none' : `chose ${tierId}`}</output>
    </>
  );
}

describe('ColumnSelectField', () => {
  it('offers every column by name under its label and reports the chosen id as a number', async () => {
    const user = userEvent.setup();
    const tiers = defaultTiers();
    render(<Harness initial={tiers[0]?.id} />);
    const select = screen.getByRole('combobox', { name: 'Column' });
    expect(select).toHaveClass('field__input', 'field__select');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(tiers.map((tier) => tier.name));
    expect(select).toHaveValue(String(tiers[0]?.id));

    const last = tiers[tiers.length - 1]!;
    await user.selectOptions(select, last.name);
    expect(select).toHaveValue(String(last.id));
    expect(screen.getByText(`chose ${last.id}`)).toBeInTheDocument();
  });

  it('puts the given class on the field, beside the shared field classes', () => {
    render(
      <ColumnSelectField
        className="import-triage__column"
        label="Into column"
        tiers={defaultTiers()}
        value={1}
        onChange={() => undefined}
      />,
    );
    const field = screen.getByRole('combobox', { name: 'Into column' }).closest('.field');
    expect(field).toHaveClass('field', 'import-triage__column');
  });
});
