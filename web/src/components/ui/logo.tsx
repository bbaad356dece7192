import './logo.css';

interface LogoMarkProps {
  size?: number;
}

/** The Tend mark: a sprout in a rounded square. Decorative; callers supply the accessible name. */
export function LogoMark({ size = 28 }: LogoMarkProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false" className="logo__mark">
      <rect width="32" height="32" rx="8" fill="var(--color-primary)" />
      <path d="M16 25V14" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
      <path d="M16 16c0-4.5 3-7.5 8-7.5 0 4.5-3 7.5-8 7.5Z" fill="#fff" />
      <path d="M16 19c0-3.6-2.4-6-6.4-6 0 3.6 2.4 6 6.4 6Z" fill="var(--color-primary-soft)" />
    </svg>
  );
}

export function Wordmark({ size = 28 }: LogoMarkProps) {
  return (
    <span className="logo">
      <LogoMark size={size} />
      <span className="logo__text">Tend</span>
    </span>
  );
}
