import { CARD_TRUNCATION, truncate, type Tier } from '@tend/contracts';
import { ChevronDown, Columns3 } from 'lucide-react';
import { buttonClassName } from '@/components/ui/button';
import { Menu, MenuLabel, MenuRadioGroup, MenuRadioItem } from '@/components/ui/menu';
import { Spinner } from '@/components/ui/spinner';
import './tier-select.css';

interface TierSelectProps {
  tiers: readonly Tier[];
  tierId: number;
  onChange: (tier: Tier) => void;
  pending?: boolean;
}

/** The card's column selector: a Radix dropdown (max height 300 px, scrolls) of every column. */
export function TierSelect({ tiers, tierId, onChange, pending = false }: TierSelectProps) {
  const current = tiers.find((tier) => tier.id === tierId);
  const name = current?.name ?? 'Unknown column';
  return (
    <Menu
      label="Move to column"
      align="end"
      scrollable
      trigger={
        <button
          type="button"
          className={buttonClassName({ variant: 'secondary', size: 'sm', className: 'tier-select' })}
          aria-label={`Column: ${name}. Change column`}
          title={name}
        >
          {pending ? <Spinner size={14} /> : <Columns3 size={16} aria-hidden="true" />}
          <span className="tier-select__name">{truncate(name, CARD_TRUNCATION.tier)}</span>
          <ChevronDown size={16} aria-hidden="true" />
        </button>
      }
    >
      <MenuLabel>Column</MenuLabel>
      <MenuRadioGroup
        value={String(tierId)}
        onValueChange={(value) => {
          const tier = tiers.find((candidate) => String(candidate.id) === value);
          if (tier && tier.id !== tierId) onChange(tier);
        }}
      >
        {tiers.map((tier) => (
          <MenuRadioItem key={tier.id} value={String(tier.id)} title={tier.name}>
            {truncate(tier.name, CARD_TRUNCATION.tier)}
          </MenuRadioItem>
        ))}
      </MenuRadioGroup>
    </Menu>
  );
}
