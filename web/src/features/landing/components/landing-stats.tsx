import './landing-stats.css';

const STATS = [
  { value: '88%', label: 'of employers prioritise referrals' },
  { value: '70%', label: 'of jobs never hit job boards' },
] as const;

/** Why a network matters, in two figures. */
export function LandingStats() {
  return (
    <section className="stats" aria-label="Why your network matters">
      {STATS.map((stat) => (
        <div key={stat.value} className="stats__item">
          <p className="stats__value">{stat.value}</p>
          <p className="stats__label">{stat.label}</p>
        </div>
      ))}
    </section>
  );
}
