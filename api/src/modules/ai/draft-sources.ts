import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../../infra/database/pg-pool';
import type { BoardOwner } from '../board/board.service';
import { ContactsService } from '../contacts/contacts.service';

/**
 * One card's fields for a follow-up draft and its newest interactions as JSON, newest first, in one
 * statement ($1 history limit, $2 contact id, $3 user id). Visibility on the plan is checked after.
 */
const CARD_WITH_HISTORY = `select c.id, c.name, c.title, c.company, c.connection_description,
    to_char(c.date_connected, 'YYYY-MM-DD') as date_connected, c.created_at, c.on_board,
    coalesce((select json_agg(h order by h.date_contacted desc, h.id desc) from (
        select i.id, to_char(i.date_contacted, 'YYYY-MM-DD') as date_contacted, i.contact_method, i.notes,
               to_char(i.next_contact_date, 'YYYY-MM-DD') as next_contact_date
          from interactions i where i.contact_id = c.id and i.user_id = c.user_id
         order by i.date_contacted desc, i.id desc limit $1) h), '[]') as history
  from contacts c where c.id = $2 and c.user_id = $3`;

/** A card and its newest interactions, as a follow-up draft is written from them. */
export interface CardWithHistory {
  contact: {
    id: number;
    name: string;
    title: string | null;
    company: string | null;
    connectionDescription: string | null;
    dateConnected: string | null;
  };
  /** Newest first. */
  history: {
    id: number;
    dateContacted: string;
    contactMethod: string;
    notes: string;
    nextContactDate: string | null;
  }[];
}

/**
 * What a draft is written from. The AI module owns this read although it reads the contacts' and
 * the interactions' tables (read-only; the other such read is the reminders fan-out's): through
 * ContactsService and InteractionsService it took two ORM round trips, and at 50 connections the
 * drafts' p95 was 10x and more the board read's (docs/PERFORMANCE.md, AI drafts). It is a named
 * statement on the plain pg pool, which PostgreSQL plans once per connection; through the ORM, which
 * inlines the values, every draft's text differed and was planned anew. The plan's visibility still
 * comes from ContactsService.
 */
@Injectable()
export class DraftSources {
  constructor(
    private readonly contacts: ContactsService,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  /** The card with its newest `limit` interactions; null when it is not the user's or is hidden. */
  async cardWithHistory(user: BoardOwner, contactId: number, limit: number): Promise<CardWithHistory | null> {
    const {
      rows: [row],
    } = await this.pool.query<{
      id: number;
      name: string;
      title: string | null;
      company: string | null;
      connection_description: string | null;
      date_connected: string | null;
      created_at: Date;
      on_board: boolean;
      history: {
        id: number;
        date_contacted: string;
        contact_method: string;
        notes: string;
        next_contact_date: string | null;
      }[];
    }>({ name: 'tend-draft-context', text: CARD_WITH_HISTORY, values: [limit, contactId, user.id] });
    if (
      !row ||
      !(await this.contacts.isVisible(user, { id: row.id, createdAt: row.created_at, onBoard: row.on_board }))
    )
      return null;
    return {
      contact: {
        id: row.id,
        name: row.name,
        title: row.title,
        company: row.company,
        connectionDescription: row.connection_description,
        dateConnected: row.date_connected,
      },
      history: row.history.map((entry) => ({
        id: entry.id,
        dateContacted: entry.date_contacted,
        contactMethod: entry.contact_method,
        notes: entry.notes,
        nextContactDate: entry.next_contact_date,
      })),
    };
  }
}
