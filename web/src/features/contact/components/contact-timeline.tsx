import type { Contact } from '@tend/contracts';
import { Handshake } from 'lucide-react';
import { firstConnectedDate } from '../utils/contact-dates';

/** The card's right-hand panel: 'First connected with {name}', then (later) logged interactions. */
export function ContactTimeline({ contact }: { contact: Contact }) {
  const date = firstConnectedDate(contact);
  return (
    <aside className="timeline" aria-labelledby="contact-timeline-heading">
      <h3 id="contact-timeline-heading" className="timeline__heading">
        Timeline
      </h3>
      <ol className="timeline__list">
        <li className="timeline__event">
          <span className="timeline__marker" aria-hidden="true">
            <Handshake size={14} />
          </span>
          <div className="timeline__text">
            <p className="timeline__title">First connected with {contact.name}</p>
            {date ? <p className="timeline__date">{date}</p> : null}
          </div>
        </li>
      </ol>
      <p className="timeline__note">Logged interactions will appear here, oldest first.</p>
    </aside>
  );
}
