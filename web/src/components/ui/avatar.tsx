import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import './avatar.css';

/**
 * Up to two initials from a name ("Ada Lovelace" -> "AL", "plato" -> "P"); words without a
 * letter ("Contact 25") do not count, and leading marks are skipped ("(Ada)" -> "A").
 */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}]+/u, ''))
    .filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : '';
  return `${first}${last}`.toUpperCase();
}

interface AvatarProps {
  name: string;
  src: string | null | undefined;
  size?: number;
  /** Shows a small "photo expired" badge when the photo fails to load (spec: expired-photo hint). */
  showExpiredHint?: boolean;
  className?: string;
}

/**
 * A round photo, or the person's initials when there is none or it fails to load. Decorative
 * (`alt=""`): callers name the person next to it.
 */
export function Avatar({ name, src, size = 48, showExpiredHint = false, className }: AvatarProps) {
  // Remember which address failed, so a new photo (a new `?v=`) is tried again.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = !!src && failedSrc === src;
  const style = { width: size, height: size, fontSize: Math.round(size * 0.38) };
  return (
    <span
      className={['avatar', className].filter(Boolean).join(' ')}
      style={style}
      data-state={failed ? 'failed' : src ? 'photo' : 'initials'}
    >
      {src && !failed ? (
        <img className="avatar__img" src={src} alt="" width={size} height={size} onError={() => setFailedSrc(src)} />
      ) : (
        <span className="avatar__initials" aria-hidden="true">
          {initialsOf(name)}
        </span>
      )}
      {failed && showExpiredHint ? (
        <span className="avatar__expired" title="This photo has expired. Open the contact to upload a new one.">
          <ImageOff size={12} aria-hidden="true" />
          <span className="visually-hidden">Photo expired</span>
        </span>
      ) : null}
    </span>
  );
}
