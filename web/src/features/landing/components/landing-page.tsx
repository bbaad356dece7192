import { FREE_PLAN_CARD_LIMIT, PLAN_DESCRIPTORS } from '@tend/contracts';
import { ArrowRight, BellRing, Check, Columns3, NotebookPen, Puzzle, Sparkles } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClassName } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page-title';
import { ROUTES } from '@/lib/routes';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import '../landing.css';

const FEATURES = [
  {
    icon: Columns3,
    title: 'Your network on one board',
    text: 'Keep every contact as a card in tiers you name yourself: new connections, colleagues, friends, potential referrals.',
  },
  {
    icon: NotebookPen,
    title: 'Notes and a timeline',
    text: 'Log each conversation and see the whole relationship at a glance, from the day you connected.',
  },
  {
    icon: BellRing,
    title: 'Reminders at the right time',
    text: 'Set a next-contact date and Tend reminds you when it is time to reach out again.',
  },
  {
    icon: Sparkles,
    title: 'Follow-up drafts',
    text: 'Get a follow-up message drafted from your notes, then edit it, copy it or open it in your mail app.',
  },
  {
    icon: Puzzle,
    title: 'Save from LinkedIn in one click',
    text: 'The Chrome extension adds the profile you are looking at to your board, nothing more.',
  },
] as const;

const STATS = [
  { value: '88%', label: 'of employers prioritise referrals' },
  { value: '70%', label: 'of jobs never hit job boards' },
] as const;

/** A static preview of the board for the hero (fictional names). */
function BoardPreview() {
  const columns = [
    {
      name: 'New',
      cards: [
        ['Priya Raman', 'Product Designer'],
        ['Tom Becker', 'Recruiter'],
      ],
    },
    { name: 'Colleagues', cards: [['Ana Souza', 'Engineering Manager']] },
    {
      name: 'Potential Referrals',
      cards: [
        ['Jordan Lee', 'Staff Engineer'],
        ['Mei Chen', 'Head of Data'],
      ],
    },
  ];
  return (
    <div className="board-preview" aria-hidden="true">
      {columns.map((column) => (
        <div key={column.name} className="board-preview__column">
          <p className="board-preview__name">{column.name}</p>
          {column.cards.map(([name, title]) => (
            <div key={name} className="board-preview__card">
              <span className="board-preview__avatar">{name?.slice(0, 1)}</span>
              <span>
                <strong>{name}</strong>
                <small>{title}</small>
              </span>
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

export function LandingPage() {
  return (
    <div className="landing">
      <PageTitle>Keep your professional network warm</PageTitle>
      <SiteHeader sections />
      <main>
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
                Start with {FREE_PLAN_CARD_LIMIT} free cards <ArrowRight size={18} aria-hidden="true" />
              </Link>
              <a className={buttonClassName({ variant: 'secondary', size: 'lg' })} href="#features">
                See how it works
              </a>
            </div>
          </div>
          <BoardPreview />
        </section>

        <section className="stats" aria-label="Why your network matters">
          {STATS.map((stat) => (
            <div key={stat.value} className="stats__item">
              <p className="stats__value">{stat.value}</p>
              <p className="stats__label">{stat.label}</p>
            </div>
          ))}
        </section>

        <section id="features" className="features" aria-labelledby="features-title">
          <h2 id="features-title" className="section-title">
            Everything you need to stay in touch
          </h2>
          <div className="features__grid">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <article key={title} className="feature">
                <span className="feature__icon">
                  <Icon size={20} aria-hidden="true" />
                </span>
                <h3 className="feature__title">{title}</h3>
                <p className="feature__text">{text}</p>
              </article>
            ))}
          </div>
        </section>

        <section id="pricing" className="pricing" aria-labelledby="pricing-title">
          <h2 id="pricing-title" className="section-title">
            Simple plans
          </h2>
          <p className="section-subtitle">
            Start with {FREE_PLAN_CARD_LIMIT} free cards. Upgrade when your network grows.
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
                    {plan.cards === 'Unlimited' ? 'Unlimited cards' : `${plan.cards} cards`}
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
              Start with {FREE_PLAN_CARD_LIMIT} free cards
            </Link>
          </div>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
