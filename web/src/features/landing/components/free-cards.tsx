import { FREE_CARDS_ATTRIBUTE, freePlanCardsText } from '@tend/contracts';

/** The free plan's allowance as the server sets it; the prerendered page fills it in the same way. */
export function FreeCards({ limit }: { limit: number | null }) {
  return <span {...{ [FREE_CARDS_ATTRIBUTE]: '' }}>{freePlanCardsText(limit)}</span>;
}
