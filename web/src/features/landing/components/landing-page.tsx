import { CONFIG_LINK_ATTRIBUTE, FREE_CARDS_ATTRIBUTE, freePlanCardsText, PLAN_DESCRIPTORS } from '@tend/contracts';
import { ArrowRight, BellRing, Check, Columns3, Mail, NotebookPen, Play, Puzzle, Quote, Sparkles } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClassName } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page-title';
import { useFreePlanCardLimit, usePublicConfig } from '@/lib/config';
import { ROUTES } from '@/lib/routes';
import { DEMO_VIDEO } from '../demo-video';
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

/** Sample testimonials (PRODUCT.md §1): illustrations of how people use Tend, marked as samples. */
const SAMPLE_TESTIMONIALS = [
  {
    quote:
      'I had 40 people I meant to follow up with and no system. Now each one has a column, a note and a date, and two of them referred me.',
    name: 'Priya R.',
    role: 'Product designer, job hunting',
  },
  {
    quote:
      'The follow-up draft remembers what we talked about last time. I change a line or two and send it, instead of staring at a blank email.',
    name: 'Jordan L.',
    role: 'Staff engineer',
  },
  {
    quote:
      'Saving a LinkedIn profile takes one click, and the reminder on the right day is what finally made me keep in touch.',
    name: 'Mei C.',
    role: 'Data lead',
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

/** The free plan's allowance as the server sets it; the prerendered page fills it in the same way. */
function FreeCards({ limit }: { limit: number | null }) {
  return <span {...{ [FREE_CARDS_ATTRIBUTE]: '' }}>{freePlanCardsText(limit)}</span>;
}

export function LandingPage() {
  const freeCards = useFreePlanCardLimit();
  const config = usePublicConfig();
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

        <section className="stats" aria-label="Why your network matters">
          {STATS.map((stat) => (
            <div key={stat.value} className="stats__item">
              <p className="stats__value">{stat.value}</p>
              <p className="stats__label">{stat.label}</p>
            </div>
          ))}
        </section>

        <section id="demo" className="demo" aria-labelledby="demo-title">
          <h2 id="demo-title" className="section-title">
            {DEMO_VIDEO.title}
          </h2>
          <p className="section-subtitle">{DEMO_VIDEO.summary}</p>
          {/* The poster, linking to the demo page that plays the video: the landing page has no
              script and no video element, so the video costs its first paint nothing
              (docs/PERFORMANCE.md). The poster loads lazily, decodes off the main thread, and has its
              box reserved by width and height, so it moves nothing when it arrives. */}
          <Link className="demo__poster" to={ROUTES.demo} aria-label={`Play the video. ${DEMO_VIDEO.label}`}>
            <img
              src={DEMO_VIDEO.poster}
              width={DEMO_VIDEO.width}
              height={DEMO_VIDEO.height}
              alt=""
              loading="lazy"
              decoding="async"
            />
            <span className="demo__play" aria-hidden="true">
              <Play size={32} fill="currentColor" />
            </span>
          </Link>
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

        <section className="testimonials" aria-labelledby="testimonials-title">
          <h2 id="testimonials-title" className="section-title">
            What keeping in touch looks like
          </h2>
          <p className="section-subtitle">
            Sample testimonials: they show how people use Tend, not quotes from real customers.
          </p>
          <div className="testimonials__grid">
            {SAMPLE_TESTIMONIALS.map((testimonial) => (
              <figure key={testimonial.name} className="testimonial">
                <p className="testimonial__badge">Sample</p>
                <Quote size={20} aria-hidden="true" className="testimonial__mark" />
                <blockquote className="testimonial__quote">
                  <p>{testimonial.quote}</p>
                </blockquote>
                <figcaption className="testimonial__author">
                  <strong>{testimonial.name}</strong> <span>{testimonial.role} (sample)</span>
                </figcaption>
              </figure>
            ))}
          </div>
        </section>

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

        <section className="newsletter" aria-labelledby="newsletter-title">
          <span className="newsletter__icon" aria-hidden="true">
            <Mail size={22} />
          </span>
          <div className="newsletter__copy">
            <h2 id="newsletter-title" className="newsletter__title">
              One networking tip, every Tuesday
            </h2>
            <p className="newsletter__text">
              Our newsletter goes out every Tuesday: a short read on following up, asking for referrals and keeping in
              touch.
            </p>
          </div>
          {/* Shown once the server names its newsletter page (the prerendered page fills it in). */}
          <a
            className={buttonClassName({ variant: 'secondary' })}
            href={config.newsletter_url || undefined}
            hidden={!config.newsletter_url}
            target="_blank"
            rel="noopener noreferrer"
            {...{ [CONFIG_LINK_ATTRIBUTE]: 'newsletter_url' }}
          >
            Subscribe to the newsletter
          </a>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
