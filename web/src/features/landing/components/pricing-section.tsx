import { PLAN_DESCRIPTORS } from '@tend/contracts';
import { Check } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClassName } from '@/components/ui/button';
import { useFreePlanCardLimit } from '@/lib/config';
import { ROUTES } from '@/lib/routes';
import { FreeCards } from './free-cards';
import './pricing-section.css';

/** The two plans, and the way in. */
export function PricingSection() {
  const freeCards = useFreePlanCardLimit();
  return (
    <section id="pricing" className="pricing" aria-labelledby="pricing-title">
      <h2 id="pricing-title" className="section-title">
        Simple plans
      </h2>
      <p className="section-subtitle">
        Start with <FreeCards limit={freeCards} /> free cards. Upgrade when your network grows.
      </p>
      <div className="pricing__grid">
        {PLAN_DESCRIPTORS.map((plan) => (
          <article
            key={plan.name}
            className={plan.name === 'premium' ? 'price-card price-card--highlighted' : 'price-card'}
            aria-labelledby={`price-${plan.name}`}
          >
            <h3 id={`price-${plan.name}`} className="price-card__name">
              {plan.name === 'free' ? 'Free' : 'Premium'}
            </h3>
            <p className="price-card__price">
              <span className="price-card__amount">${plan.price}</span>/month
            </p>
            <ul className="price-card__features">
              <li>
                <Check size={16} aria-hidden="true" />
                {plan.name === 'free' ? (
                  <>
                    <FreeCards limit={freeCards} /> cards
                  </>
                ) : (
                  'Unlimited cards'
                )}
              </li>
              <li>
                <Check size={16} aria-hidden="true" />
                Chrome extension
              </li>
              <li>
                <Check size={16} aria-hidden="true" />
                Notes, reminders and follow-up drafts
              </li>
            </ul>
          </article>
        ))}
      </div>
      <div className="pricing__cta">
        <Link className={buttonClassName({ size: 'lg' })} to={ROUTES.signUp}>
          <span>
            Start with <FreeCards limit={freeCards} /> free cards
          </span>
        </Link>
      </div>
    </section>
  );
}
