import { Inbox } from 'lucide-react';
import './dev-mailbox-link.css';

/** Development only (no SMTP configured): the server lists sent mail at /dev/mailbox. */
export function DevMailboxLink({ enabled }: { enabled: boolean }) {
  if (!enabled) return null;
  return (
    <p className="dev-mailbox">
      <Inbox size={14} aria-hidden="true" />
      <span>
        Development: mail is not sent.{' '}
        <a href="/dev/mailbox" target="_blank" rel="noopener noreferrer">
          Open the dev mailbox
        </a>
      </span>
    </p>
  );
}
