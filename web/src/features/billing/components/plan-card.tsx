import type { PlanDescriptor } from '@tend/contracts';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import '../billing.css';

export const PLAN_TITLES = { free: 'Free', premium: 'Premium' } as const;

/** What both plans include; the allowance ('25 cards', 'Unlimited cards') is said once, above. */
export const PLAN_FEATURES = ['Chrome extension', 'Interaction notes and reminders', 'AI follow-up drafts'] as const;

interface PlanCardProps {
  plan: PlanDescriptor;
  highlighted?: boolean;
  action?: ReactNode;
  headingLevel?: 2 | 3;
}

/** One plan with its price and allowance (Free $0/month 25 cards; Premium $10/month Unlimited). */
export function PlanCard({ plan, highlighted = false, action, headingLevel = 2 }: PlanCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `plan-${plan.name}-title`;
  return (
    <article className={highlighted ? 'plan-card plan-card--highlighted' : 'plan-card'} aria-labelledby={headingId}>
      {highlighted ? <span className="plan-card__badge">Recommended</span> : null}
      <Heading id={headingId} className="plan-card__name">
        {PLAN_TITLES[plan.name]}
      </Heading>
      <p className="plan-card__price">
        <span className="plan-card__amount">${plan.price}</span>
        <span className="plan-card__period">/month</span>
      </p>
      <p className="plan-card__cards">{plan.cards === 'Unlimited' ? 'Unlimited cards' : `${plan.cards} cards`}</p>
      <ul className="plan-card__features">
        {PLAN_FEATURES.map((feature) => (
          <li key={feature}>
            <Check size={16} aria-hidden="true" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      {action ? <div className="plan-card__action">{action}</div> : null}
    </article>
  );
}
