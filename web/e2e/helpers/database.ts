import type { Page } from 'playwright-core';
import { Client } from 'pg';
import { expect } from 'vitest';
import { waitForBoard } from './auth';
import { baseUrl, databaseUrl } from './app';

async function withDatabase<T>(work: (db: Client) => Promise<T>): Promise<T> {
  const db = new Client({ connectionString: databaseUrl() });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

/**
 * Set-up only, for boards the API cannot make quickly: makes the page's user premium and fills
 * columns with `count` cards each, named `${prefix} 1` (top) to `${prefix} N`, in one insert per
 * column; then reloads the board once the API sees the change. Returns the new cards' ids per
 * column, top to bottom.
 */
export async function seedLongColumns(
  page: Page,
  email: string,
  columns: Record<string, { count: number; prefix: string }>,
): Promise<Record<string, number[]>> {
  const ids = await withDatabase(async (db) => {
    const user = await db.query<{ id: number }>('update users set plan = $2 where email = $1 returning id', [
      email,
      'premium',
    ]);
    const userId = user.rows[0]?.id;
    if (userId === undefined) throw new Error(`No user ${email}.`);
    const created: Record<string, number[]> = {};
    for (const [name, { count, prefix }] of Object.entries(columns)) {
      // Board order is vertical_order descending: card 1 gets the highest.
      const inserted = await db.query<{ id: number; rank: number }>(
        `insert into contacts (user_id, tier_id, name, title, company, vertical_order)
         select $1, t.id, $3 || ' ' || g, 'Engineer', 'Company ' || g, $4::int - g
           from generate_series(1, $4::int) g, tiers t
          where t.user_id = $1 and t.name = $2
         returning id, vertical_order as rank`,
        [userId, name, prefix, count],
      );
      if (inserted.rowCount !== count) throw new Error(`No column called ${name}.`);
      created[name] = inserted.rows.sort((a, b) => b.rank - a.rank).map((row) => row.id);
    }
    // Written behind the API's back: mark the board changed, as every API write does.
    await db.query('update users set board_version = board_version + 1 where id = $1', [userId]);
    return created;
  });
  // The API caches signed-in users and learns of the change through a notification: wait for it.
  await expect
    .poll(async () => {
      const session = await page.context().request.get(`${baseUrl()}/api/session`);
      return ((await session.json()) as { plan?: string }).plan;
    })
    .toBe('premium');
  await page.reload();
  await waitForBoard(page);
  return ids;
}
