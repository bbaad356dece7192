import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClassName } from '@/components/ui/button';
import { useFreePlanCardLimit } from '@/lib/config';
import { ROUTES } from '@/lib/routes';
import { FreeCards } from './free-cards';
import './landing-hero.css';

/**
 * A static preview of the board for the hero (fictional names). Some cards are due, as on a real
 * morning: the page shows what Tend does each day, not only where people sit (issue 27 point 17).
 */
function BoardPreview() {
  const columns: { name: string; cards: [name: string, title: string, due?: string][] }[] = [
    {
      name: 'New',
      cards: [
        ['Priya Raman', 'Product Designer'],
        ['Tom Becker', 'Recruiter', 'Follow up today'],
      ],
    },
    { name: 'Colleagues', cards: [['Ana Souza', 'Engineering Manager', 'Due Friday']] },
    {
      name: 'Potential Referrals',
      cards: [
        ['Jordan Lee', 'Staff Engineer', 'Follow up today'],
        ['Mei Chen', 'Head of Data'],
      ],
    },
  ];
  return (
    <div className="board-preview" aria-hidden="true">
      {columns.map((column) => (
        <div key={column.name} className="board-preview__column">
          <p className="board-preview__name">{column.name}</p>
          {column.cards.map(([name, title, due]) => (
            <div key={name} className="board-preview__card">
              <span className="board-preview__avatar">{name.slice(0, 1)}</span>
              <span>
                <strong>{name}</strong>
                <small>{title}</small>
                {due ? <span className="board-preview__due">{due}</span> : null}
              </span>
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

/** The landing page's first screen: what Tend does, the way in, and a glimpse of the board. */
export function LandingHero() {
  const freeCards = useFreePlanCardLimit();
  return (
    <section className="hero">
      <div className="hero__copy">
        <p className="eyebrow">For job seekers and professionals</p>
        <h1 className="hero__title">Keep your professional network warm.</h1>
        <p className="hero__text">
          Tend puts your contacts on a simple board, reminds you when to follow up and drafts the message, so good
          connections turn into referrals.
        </p>
        <div className="hero__actions">
          <Link className={buttonClassName({ size: 'lg' })} to={ROUTES.signUp}>
            {/* One text item of the flex button, so the number keeps ordinary word spacing. */}
            <span>
              Start with <FreeCards limit={freeCards} /> free cards
            </span>
            <ArrowRight size={18} aria-hidden="true" />
          </Link>
          <a className={buttonClassName({ variant: 'secondary', size: 'lg' })} href="#features">
            See how it works
          </a>
        </div>
      </div>
      <BoardPreview />
    </section>
  );
}
