import { BellRing, Columns3, NotebookPen, Puzzle, Sparkles } from 'lucide-react';
import './features-section.css';

const FEATURES = [
  {
    icon: Columns3,
    title: 'Your network on one board',
    text: 'Keep every contact as a card in columns you name yourself: new connections, colleagues, friends, potential referrals.',
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

/** What Tend does, feature by feature. */
export function FeaturesSection() {
  return (
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
  );
}
