import { and, eq, inArray, sql } from 'drizzle-orm';
import type { RuleInput } from '../../shared/alerting';
import type { Db } from '../db/client';
import { alertRules, integrations } from '../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type RuleRow = typeof alertRules.$inferSelect;

/** Who made a rule, as it keeps them. */
export interface RuleAuthor {
  userId: string;
  name: string;
}

/** Of these integration ids, the ones of webhook integrations. */
export async function webhookIntegrationIds(db: Db, ids: string[]): Promise<{ id: string }[]> {
  return db
    .select({ id: integrations.id })
    .from(integrations)
    .where(and(inArray(integrations.id, ids), eq(integrations.type, 'webhook')));
}

/** The columns a rule's form sets. */
const values = (input: RuleInput) => ({
  name: input.name,
  description: input.description,
  status: input.status,
  severity: input.severity,
  metric: input.metric,
  condition: input.condition,
  filters: input.filters,
  notifications: input.notifications,
  escalation: input.escalation,
  suppressionRules: input.suppressionRules,
  pendingSeconds: input.pendingSeconds,
  keepFiringSeconds: input.keepFiringSeconds,
  noDataState: input.noDataState,
  errorState: input.errorState,
});

const sqlIncrement = () => sql`${alertRules.version} + 1`;

export async function insertRule(tx: Tx, input: RuleInput, author: RuleAuthor, at: Date): Promise<RuleRow> {
  const [row] = await tx
    .insert(alertRules)
    .values({
      ...values(input),
      createdBy: author.userId,
      createdByName: author.name,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  return row!;
}

/** Undefined when there is no such rule. */
export async function updateRule(
  tx: Tx,
  id: string,
  input: RuleInput,
  at: Date,
): Promise<RuleRow | undefined> {
  // A new version: the evaluation starts its series over, and the notifier forgets its bookkeeping.
  const [row] = await tx
    .update(alertRules)
    .set({ ...values(input), version: sqlIncrement(), notifier: null, updatedAt: at })
    .where(eq(alertRules.id, id))
    .returning();
  return row;
}

/** A new version too (see `updateRule`); undefined when there is no such rule. */
export async function setRuleStatus(
  tx: Tx,
  id: string,
  status: RuleRow['status'],
  at: Date,
): Promise<RuleRow | undefined> {
  const [row] = await tx
    .update(alertRules)
    .set({ status, version: sqlIncrement(), notifier: null, updatedAt: at })
    .where(eq(alertRules.id, id))
    .returning();
  return row;
}

export async function ruleById(tx: Tx, id: string): Promise<RuleRow | undefined> {
  const [row] = await tx.select().from(alertRules).where(eq(alertRules.id, id));
  return row;
}

/** The rule deleted; undefined when there was none. */
export async function deleteRule(tx: Tx, id: string): Promise<RuleRow | undefined> {
  const [row] = await tx.delete(alertRules).where(eq(alertRules.id, id)).returning();
  return row;
}
