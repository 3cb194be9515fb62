/** The seed group's tables (the barrel of every table is server/db/schema.ts). */
import { sql } from 'drizzle-orm';
import { boolean, check, pgTable } from 'drizzle-orm/pg-core';
import { instant } from '../db/columns';

/**
 * The instant the demo dataset's dates count back from, and when it was moved to the first start
 * (server/seed/anchor.ts). One row at most, and only in a database that was given the demo.
 */
export const demoAnchor = pgTable(
  'demo_anchor',
  {
    id: boolean('id').primaryKey().default(true),
    seededAt: instant('seeded_at').notNull(),
    /** null: the dates still count back from seededAt (a snapshot waiting for its first start). */
    anchoredAt: instant('anchored_at'),
    /**
     * The minute up to which the intraday series are filled (seed/anchor.ts, fillDemoDay): the fill's
     * first step, after the first start answers, moves the series and sets it to where the snapshot's
     * series end, then takes it an hour at a time to the minute of anchoredAt. null: the series are not
     * moved yet (a demo moved on its seed's day has nothing to move: set by the start's move).
     */
    filledTo: instant('filled_to'),
  },
  (t) => [check('demo_anchor_one_row', sql`${t.id}`)],
);
