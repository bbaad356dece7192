import type { Contact, Interaction } from '@tend/contracts';
import { Handshake, History } from 'lucide-react';
import { memo, useMemo, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useContactInteractions } from '../api/get-interactions';
import { firstConnectedDate, formatDay } from '../utils/contact-dates';
import { ContactMethodIcon } from './contact-method-icon';
import { IconBadge } from './icon-badge';
import './contact-timeline.css';

/**
 * Events drawn when the card opens: the latest ones, below 'First connected' and a button that
 * shows the earlier ones (a contact with hundreds opens as fast as one with a few).
 */
export const TIMELINE_SHOWN_AT_FIRST = 12;

/** Interactions with both a method and a date, oldest first (PRODUCT.md §4); ties by id, as logged. */
export function timelineInteractions(interactions: readonly Interaction[]): Interaction[] {
  return interactions
    .filter((interaction) => interaction.contact_method && interaction.date_contacted)
    .sort((a, b) =>
      a.date_contacted === b.date_contacted ? a.id - b.id : a.date_contacted < b.date_contacted ? -1 : 1,
    );
}

const TimelineInteraction = memo(function TimelineInteraction({ interaction }: { interaction: Interaction }) {
  return (
    <li className="timeline__event">
      <IconBadge>
        <ContactMethodIcon method={interaction.contact_method} />
      </IconBadge>
      <div className="timeline__text">
        <p className="timeline__title">{interaction.contact_method}</p>
        <p className="timeline__date">{formatDay(interaction.date_contacted)}</p>
      </div>
    </li>
  );
});

/**
 * The card's right-hand panel: 'First connected with {name}' (dated by the connection date, else
 * the earlier of the card's creation and its oldest interaction), then every logged interaction,
 * oldest first. It reads the same cached
 * list as the Interaction notes tab, so a save shows here as soon as it lands.
 */
export function ContactTimeline({ contact }: { contact: Contact }) {
  const interactions = useContactInteractions(contact.id);
  const events = useMemo(() => timelineInteractions(interactions.data ?? []), [interactions.data]);
  const date = firstConnectedDate(contact, events[0]?.date_contacted ?? null);
  const [showAll, setShowAll] = useState(false);
  const earlier = showAll ? 0 : Math.max(0, events.length - TIMELINE_SHOWN_AT_FIRST);
  const shownEvents = earlier > 0 ? events.slice(earlier) : events;
  return (
    <aside className="timeline" aria-labelledby="contact-timeline-heading">
      <h3 id="contact-timeline-heading" className="timeline__heading">
        Timeline
      </h3>
      <ol className="timeline__list">
        <li className="timeline__event">
          <IconBadge>
            <Handshake size={14} />
          </IconBadge>
          <div className="timeline__text">
            <p className="timeline__title">First connected with {contact.name}</p>
            {date ? <p className="timeline__date">{date}</p> : null}
          </div>
        </li>
        {earlier > 0 ? (
          <li className="timeline__event timeline__event--more">
            <IconBadge>
              <History size={14} />
            </IconBadge>
            <button type="button" className="timeline__more" onClick={() => setShowAll(true)}>
              Show {earlier} earlier {earlier === 1 ? 'interaction' : 'interactions'}
            </button>
          </li>
        ) : null}
        {shownEvents.map((interaction) => (
          <TimelineInteraction key={interaction.id} interaction={interaction} />
        ))}
      </ol>
      {interactions.isPending ? (
        <div className="timeline__note">
          <Spinner size={14} label="Loading the timeline" />
        </div>
      ) : events.length === 0 ? (
        <p className="timeline__note">Logged interactions will appear here, oldest first.</p>
      ) : null}
    </aside>
  );
}
