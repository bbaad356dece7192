import { CARD_TRUNCATION, truncate, WORDS, type Tier } from '@tend/contracts';
import { ChevronDown, SquarePlus } from 'lucide-react';
import { buttonClassName } from '@/components/ui/button';
import { Menu, MenuEmpty, MenuItem, MenuLabel } from '@/components/ui/menu';
import { Spinner } from '@/components/ui/spinner';

interface PutOnBoardMenuProps {
  tiers: readonly Tier[];
  onChoose: (tier: Tier) => void;
  pending: boolean;
}

/**
 * The dialog of a person in the network (issue 26): instead of the column selector (they have no
 * column), "Put on the board" and the column they enter.
 */
export function PutOnBoardMenu({ tiers, onChoose, pending }: PutOnBoardMenuProps) {
  return (
    <Menu
      label={WORDS.putOnBoard}
      align="end"
      scrollable
      trigger={
        <button type="button" className={buttonClassName({ variant: 'primary', size: 'sm' })} disabled={pending}>
          {pending ? <Spinner size={14} /> : <SquarePlus size={16} aria-hidden="true" />}
          {WORDS.putOnBoard}
          <ChevronDown size={16} aria-hidden="true" />
        </button>
      }
    >
      <MenuLabel>{WORDS.column}</MenuLabel>
      {tiers.length === 0 ? <MenuEmpty>{WORDS.noColumns}</MenuEmpty> : null}
      {tiers.map((tier) => (
        <MenuItem key={tier.id} onSelect={() => onChoose(tier)}>
          {truncate(tier.name, CARD_TRUNCATION.tier)}
        </MenuItem>
      ))}
    </Menu>
  );
}
