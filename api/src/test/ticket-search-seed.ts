import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** The registration of the oldest seeded ticket, and of no other (the seeded plates have no X). */
export const RARE_PLATE = 'XB93 OGD';

/**
 * Many tickets for the admin file search, fast: one insert of generated rows each for the
 * owners and the tickets, with triggers off (the change feed is not what is measured), then
 * ANALYZE. The oldest ticket alone has RARE_PLATE; the owners are named Walker<n> among others.
 * Used by admin-search-plan.test.ts and scripts/bench-admin-search.ts.
 */
export async function seedSearchTickets(
  db: Db,
  counts: { tickets: number; owners: number; vacuum?: boolean },
) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`
      insert into users (id, email, first_name, last_name, role)
      select 'owner' || g, 'owner' || g || '@example.test',
             (array['James','Mary','John','Patricia','Robert'])[1 + g % 5],
             (array['Smith','Jones','Brown','Taylor','Wilson','Evans','Walker'])[1 + g % 7] || g,
             'user'
      from generate_series(1, ${counts.owners}) g`);
    await tx.execute(sql`
      insert into tickets (user_id, make, model, year, registration, stage, credits_need, status)
      select 'owner' || (1 + g % ${counts.owners}),
             (array['BMW','Audi','Ford','Volkswagen','Mercedes','Toyota','Skoda'])[1 + g % 7],
             (array['320d','A4','Focus','Golf','C220','Yaris','Octavia'])[1 + (g / 7) % 7],
             '2019',
             case when g = 1 then ${RARE_PLATE} else
               chr(65 + g % 23) || chr(65 + (g / 23) % 23) || lpad((g % 97)::text, 2, '0') || ' '
               || chr(65 + (g / 529) % 23) || chr(65 + (g / 11) % 23) || chr(65 + (g / 3) % 23) end,
             'Stage 1', 1,
             (array['Pending','In Progress','Completed','Failed','Unlocked'])[1 + g % 5]
      from generate_series(1, ${counts.tickets}) g
      order by g`);
  });
  // vacuum: as autovacuum would, the trigram index's pending entries merged (for timings; a
  // plan does not need it).
  const analyze = counts.vacuum ? sql`vacuum analyze` : sql`analyze`;
  await db.execute(sql`${analyze} users`);
  await db.execute(sql`${analyze} tickets`);
}
