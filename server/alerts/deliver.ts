import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { isIntegrationTarget, type RuleNotification } from '../../shared/alerting';
import type { ServerContext } from '../context';
import { alertNotifications, alerts } from '../db/schema';
import type { JobRunner } from '../jobs/runner';
import { sendMail, type MailOutcome } from '../mail/mailer';
import { postJson } from '../integrations/send';
import { postChatMessage } from '../settings/chat-webhook';
import type { RuleRow } from './evaluate';
import type { Outgoing, Plan } from './policy';

export const WEBHOOK_RETRY_QUEUE = 'alert-webhook-retry';

const SUBJECTS: Record<Outgoing['kind'], string> = {
  firing: 'FIRING',
  resolved: 'RESOLVED',
  repeat: 'STILL FIRING',
  escalation: 'ESCALATED',
};

export interface NotificationMessage {
  subject: string;
  text: string;
  payload: {
    event: 'alert.fired' | 'alert.resolved' | 'alert.repeat' | 'alert.escalated';
    rule: { id: string; name: string; severity: string };
    alerts: {
      id: string;
      title: string;
      description: string;
      status: string;
      labels: Record<string, string>;
    }[];
  };
}

export async function composeMessage(
  ctx: Pick<ServerContext, 'db'>,
  rule: Pick<RuleRow, 'id' | 'name' | 'severity'>,
  outgoing: Outgoing,
): Promise<NotificationMessage> {
  const found = await ctx.db.select().from(alerts).where(inArray(alerts.id, outgoing.alertIds));
  const lines = found.map((a) => `- ${a.title}: ${a.description} [${a.status}]`);
  const subject = `[${SUBJECTS[outgoing.kind]}] ${rule.name} (${rule.severity}, ${found.length} ${found.length === 1 ? 'alert' : 'alerts'})`;
  const event = (
    {
      firing: 'alert.fired',
      resolved: 'alert.resolved',
      repeat: 'alert.repeat',
      escalation: 'alert.escalated',
    } as const
  )[outgoing.kind];
  return {
    subject,
    text: `${subject}\n\n${lines.join('\n')}\n`,
    payload: {
      event,
      rule: { id: rule.id, name: rule.name, severity: rule.severity },
      alerts: found.map((a) => ({
        id: a.id,
        title: a.title,
        description: a.description,
        status: a.status,
        labels: a.labels,
      })),
    },
  };
}

/** What one target's sending came to; `retrying`: not yet sent, a later attempt is scheduled. */
export type NotifyOutcome = MailOutcome & { retrying?: boolean };

/**
 * A rule's generic webhook naming a webhook integration: one signed delivery of an `alert.fired` (firing,
 * repeat, escalation) or `alert.resolved` event to that endpoint only, with the notification as its data.
 * The integrations retry it on their schedule, list it under Webhook Events and can replay it.
 */
export async function deliverToIntegration(
  ctx: Pick<ServerContext, 'webhooks'>,
  integrationId: string,
  payload: NotificationMessage['payload'],
): Promise<NotifyOutcome> {
  const type = payload.event === 'alert.resolved' ? 'alert.resolved' : 'alert.fired';
  const outcome = await ctx.webhooks.sendTo(integrationId, type, { ...payload });
  if (!outcome) return { sent: false, reason: WEBHOOK_TEXTS.noIntegration };
  if (outcome.status === 'success') return { sent: true };
  const answered = outcome.result?.status ? `HTTP ${outcome.result.status}` : outcome.result?.error;
  const reason = `The webhook integration did not accept it${answered ? ` (${answered})` : ''}.`;
  return outcome.status === 'pending' ? { sent: false, reason, retrying: true } : { sent: false, reason };
}

export const WEBHOOK_TEXTS = {
  noIntegration: 'The webhook integration no longer exists or is disabled.',
} as const;

/**
 * A rule's webhook stored as a URL (rules made before webhooks named an integration): a plain JSON POST,
 * and on failure a retry job (backoff, then left failed).
 */
export async function deliverWebhookNotification(
  ctx: Pick<ServerContext, 'db' | 'webhooks' | 'config'>,
  jobs: JobRunner | undefined,
  delivery: { notificationId: string; url: string; body: unknown },
): Promise<MailOutcome> {
  const outcome = await postAlertJson(ctx, delivery.url, delivery.body);
  if (outcome.sent || !jobs) return outcome;
  await jobs.send(WEBHOOK_RETRY_QUEUE, delivery);
  return outcome;
}

/** An alert's POST, through the outbound guard the webhook deliveries use. */
function postAlertJson(
  ctx: Pick<ServerContext, 'webhooks' | 'config'>,
  url: string,
  body: unknown,
): Promise<MailOutcome> {
  return postJson(url, body, { policy: ctx.webhooks.outbound, now: ctx.config.now });
}

const retryData = z.object({ notificationId: z.string().uuid(), url: z.string().url(), body: z.unknown() });

/** The webhook retries: each attempt records itself; pg-boss backs off and finally leaves the job failed. */
export async function defineWebhookRetries(
  ctx: Pick<ServerContext, 'db' | 'webhooks' | 'config'>,
  jobs: JobRunner,
): Promise<void> {
  await jobs.define(
    WEBHOOK_RETRY_QUEUE,
    async ({ notificationId, url, body }) => {
      const outcome = await postAlertJson(ctx, url, body);
      const [row] = await ctx.db
        .select({ attempts: alertNotifications.attempts })
        .from(alertNotifications)
        .where(eq(alertNotifications.id, notificationId));
      await ctx.db
        .update(alertNotifications)
        .set({
          attempts: (row?.attempts ?? 1) + 1,
          outcome: outcome.sent ? 'sent' : 'retrying',
          error: outcome.sent ? null : outcome.reason,
        })
        .where(eq(alertNotifications.id, notificationId));
      if (!outcome.sent) throw new Error(outcome.reason);
    },
    { data: retryData, policy: 'standard', retries: 5, retryDelaySeconds: 10, retryDelayMaxSeconds: 600 },
  );
}

/** Sends one notification to one target; answers what happened. */
export async function sendToTarget(
  ctx: ServerContext,
  jobs: JobRunner | undefined,
  target: RuleNotification,
  message: NotificationMessage,
  notificationId: string,
): Promise<NotifyOutcome> {
  switch (target.type) {
    case 'email':
      return sendMail(ctx, { to: target.target, subject: message.subject, text: message.text });
    case 'slack':
      return target.target
        ? postAlertJson(ctx, target.target, { text: message.text })
        : postChatMessage(ctx, message.text);
    case 'webhook':
      if (isIntegrationTarget(target.target))
        return deliverToIntegration(ctx, target.target, message.payload);
      return deliverWebhookNotification(ctx, jobs, {
        notificationId,
        url: target.target,
        body: message.payload,
      });
  }
}

/** Sends what the plans say and records every notification, sent or not, in alert_notifications. */
export async function deliverPlans(
  ctx: ServerContext,
  jobs: JobRunner | undefined,
  plans: readonly { rule: RuleRow; plan: Plan }[],
): Promise<void> {
  for (const { rule, plan } of plans) {
    const record = (o: Outgoing, target: RuleNotification, outcome: 'muted' | 'suppressed' | 'held') =>
      ctx.db.insert(alertNotifications).values({
        ruleId: rule.id,
        alertIds: o.alertIds,
        kind: o.kind,
        channel: target.type,
        target: target.target,
        outcome,
      });
    for (const o of plan.muted) for (const t of o.targets) await record(o, t, 'muted');
    for (const o of plan.suppressed) for (const t of o.targets) await record(o, t, 'suppressed');
    for (const o of plan.held) for (const t of o.targets) await record(o, t, 'held');
    for (const o of plan.send) {
      const message = await composeMessage(ctx, rule, o);
      for (const target of o.targets) {
        const [row] = await ctx.db
          .insert(alertNotifications)
          .values({
            ruleId: rule.id,
            alertIds: o.alertIds,
            kind: o.kind,
            channel: target.type,
            target: target.target,
            outcome: 'retrying',
            attempts: 1,
          })
          .returning({ id: alertNotifications.id });
        const outcome = await sendToTarget(ctx, jobs, target, message, row!.id);
        await ctx.db
          .update(alertNotifications)
          .set({
            outcome: outcome.sent
              ? 'sent'
              : outcome.retrying || (target.type === 'webhook' && jobs && !isIntegrationTarget(target.target))
                ? 'retrying'
                : 'failed',
            error: outcome.sent ? null : outcome.reason,
          })
          .where(eq(alertNotifications.id, row!.id));
      }
    }
  }
}
