import { and, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { demoAnchor } from '../db/schema';

/**
 * A demo's first start has answered but not yet moved its intraday series (seed/anchor.ts, fillDemoDay's
 * first step, moments after it answers): they still carry the build's dates, weeks old. Retention must not
 * run on them meanwhile — it would delete the demo's whole monitoring and usage history as past its window.
 */
export async function demoSeriesWaiting(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: demoAnchor.id })
    .from(demoAnchor)
    .where(and(isNotNull(demoAnchor.anchoredAt), isNull(demoAnchor.filledTo)));
  return row !== undefined;
}
