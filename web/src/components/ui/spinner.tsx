import { LoaderCircle } from 'lucide-react';
import './spinner.css';

interface SpinnerProps {
  size?: number;
  /** Announced to screen readers; omit for a purely decorative spinner inside a labelled control. */
  label?: string;
  className?: string;
}

export function Spinner({ size = 16, label, className }: SpinnerProps) {
  return (
    <span className={['spinner', className].filter(Boolean).join(' ')} role={label ? 'status' : undefined}>
      <LoaderCircle size={size} aria-hidden="true" className="spinner__icon" />
      {label ? <span className="visually-hidden">{label}</span> : null}
    </span>
  );
}

/** Centered full-page spinner: while the session, a screen's code or the board loads (no flash of the wrong screen). */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="page-spinner">
      <Spinner size={32} label={label} />
    </div>
  );
}
