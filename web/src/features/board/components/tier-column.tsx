import type { Tier } from '@tend/contracts';

/** Spec: '1 contact' or 'N contacts'. */
export function contactCountLabel(count: number): string {
  return count === 1 ? '1 contact' : `${count} contacts`;
}

/** Spec section 9: column names are truncated to 18 characters, with '...'. */
export const COLUMN_NAME_MAX = 18;
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

interface TierColumnProps {
  tier: Tier;
  contactCount: number;
}

/** One 300px column (spec). Renaming, deleting, '+ Add contact' and cards arrive with the full board. */
export function TierColumn({ tier, contactCount }: TierColumnProps) {
  const headingId = `tier-${tier.id}-name`;
  return (
    <section className="tier-column" aria-labelledby={headingId} data-tier-id={tier.id}>
      <header className="tier-column__header">
        <h2 id={headingId} className="tier-column__name" title={tier.name}>
          <span aria-hidden="true">{truncate(tier.name, COLUMN_NAME_MAX)}</span>
          <span className="visually-hidden">{tier.name}</span>
        </h2>
        <span className="tier-column__count">{contactCountLabel(contactCount)}</span>
      </header>
      <div className="tier-column__body">
        <p className="tier-column__empty">No contacts yet.</p>
      </div>
    </section>
  );
}
