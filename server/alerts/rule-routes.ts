import {
  DEFAULT_NOTIFICATION_SETTINGS,
  isIntegrationTarget,
  SMS_NOT_CONFIGURED,
  type RuleInput,
} from '../../shared/alerting';
import { alertEndpoints, type AlertChannel } from '../../shared/api/alerts';
import { sendToTarget, composeMessage } from './deliver';
import { announce, type Actor } from './lifecycle';
import { alertById, alertsWithHistory, alertStats, listRules, toRule } from './queries';
import {
  deleteMaintenanceWindow,
  insertMaintenanceWindow,
  listMaintenanceWindows,
} from './maintenance-store';
import { savedNotificationSettings, saveNotificationSettings } from './preferences-store';
import {
  deleteRule,
  insertRule,
  ruleById,
  setRuleStatus,
  updateRule,
  webhookIntegrationIds,
  type RuleRow,
} from './rules-store';
import { previewRule } from './service';
import { endSilence, insertSilence, silencesNotEnded } from './silences-store';
import { assignAlert, resolveByHand, setAlertStatus, TRANSITION_TEXTS } from './transitions';
import type { ServerContext } from '../context';
import { HttpError } from '../http/errors';
import type { Route } from '../http/router';
import type { JobRunner } from '../jobs/runner';

const RULE_NOT_FOUND = 'Alert rule not found';
export const NO_WEBHOOK_INTEGRATION =
  'A webhook notification names a webhook integration that does not exist';

/** A rule's webhook targets that name an integration must name a webhook one (steps' included). */
async function checkWebhookTargets(db: ServerContext['db'], rule: RuleInput): Promise<void> {
  const ids = [...rule.notifications, ...rule.escalation.steps.flatMap((s) => s.notifications)]
    .filter((n) => n.type === 'webhook' && isIntegrationTarget(n.target))
    .map((n) => n.target.toLowerCase());
  if (!ids.length) return;
  const found = await webhookIntegrationIds(db, [...new Set(ids)]);
  if (found.length < new Set(ids).size) throw new HttpError(400, NO_WEBHOOK_INTEGRATION);
}

/** Alert Management and Alert Rules (issue 12): alerts and their transitions, rules, silences, channels. */
export function registerAlertingRoutes(
  route: Route,
  ctx: ServerContext,
  jobs: JobRunner | undefined,
  onError: (error: unknown) => void,
): void {
  const now = () => new Date(ctx.config.now());
  const actorOf = (session: { userId: string; name: string }): Actor => ({
    userId: session.userId,
    name: session.name,
  });
  const reload = async (id: string) => {
    const found = await alertById(ctx.db, id);
    if (!found) throw new HttpError(404, TRANSITION_TEXTS.notFound);
    return found;
  };

  route(alertEndpoints.listAlerts, async () => {
    const [alerts, stats] = await Promise.all([alertsWithHistory(ctx.db), alertStats(ctx.db)]);
    return { alerts, stats };
  });

  for (const [endpoint, status] of [
    [alertEndpoints.acknowledgeAlert, 'acknowledged'],
    [alertEndpoints.suppressAlert, 'suppressed'],
  ] as const) {
    route(endpoint, async ({ params, body, session, audit }) => {
      audit.note({ details: { status, comment: body.comment } });
      await ctx.db.transaction(async (tx) => {
        await setAlertStatus(tx, params.alertId, status, actorOf(session()), body.comment, now());
        await audit.record(tx);
      });
      return reload(params.alertId);
    });
  }

  route(alertEndpoints.resolveAlert, async ({ params, body, session, audit }) => {
    audit.note({ details: { status: 'resolved', comment: body.comment } });
    const event = await ctx.db.transaction(async (tx) => {
      const resolved = await resolveByHand(tx, params.alertId, actorOf(session()), body.comment, now());
      await audit.record(tx);
      return resolved;
    });
    if (event) await announce(ctx, [event], onError);
    return reload(params.alertId);
  });

  route(alertEndpoints.assignAlert, async ({ params, body, session, audit }) => {
    audit.note({ details: { assignedTo: body.userId } });
    await ctx.db.transaction(async (tx) => {
      await assignAlert(tx, params.alertId, body.userId, actorOf(session()), now());
      await audit.record(tx);
    });
    return reload(params.alertId);
  });

  const smsProviderConfigured = false;
  const settingsOf = async (userId: string) => {
    const saved = await savedNotificationSettings(ctx.db, userId);
    return { ...(saved ?? DEFAULT_NOTIFICATION_SETTINGS), smsProviderConfigured };
  };
  route(alertEndpoints.getNotificationSettings, async ({ session }) => settingsOf(session().userId));
  route(alertEndpoints.saveNotificationSettings, async ({ body, session, audit }) => {
    const userId = session().userId;
    // No SMS provider can be reached: the toggle is kept, but SMS stays off until one is configured.
    const settings = {
      ...body,
      channels: { ...body.channels, sms: smsProviderConfigured && body.channels.sms },
    };
    await ctx.db.transaction(async (tx) => {
      await saveNotificationSettings(tx, userId, settings, now());
      await audit.record(tx, { resourceId: userId, details: settings });
    });
    return settingsOf(userId);
  });

  route(alertEndpoints.listRules, async () => listRules(ctx.db));

  const updated = (row: RuleRow | undefined) => {
    if (!row) throw new HttpError(404, RULE_NOT_FOUND);
    return toRule(row);
  };

  route(alertEndpoints.createRule, async ({ body, session, audit }) => {
    const user = session();
    await checkWebhookTargets(ctx.db, body);
    return ctx.db.transaction(async (tx) => {
      const row = await insertRule(tx, body, user, now());
      await audit.record(tx, { resourceId: row.id, details: { name: body.name, metric: body.metric } });
      return toRule(row);
    });
  });

  route(alertEndpoints.updateRule, async ({ params, body, audit }) => {
    await checkWebhookTargets(ctx.db, body);
    return ctx.db.transaction(async (tx) => {
      const rule = updated(await updateRule(tx, params.ruleId, body, now()));
      await audit.record(tx, { details: { name: body.name, status: body.status } });
      return rule;
    });
  });

  route(alertEndpoints.setRuleStatus, async ({ params, body, audit }) =>
    ctx.db.transaction(async (tx) => {
      const rule = updated(await setRuleStatus(tx, params.ruleId, body.status, now()));
      await audit.record(tx, { details: { status: body.status } });
      return rule;
    }),
  );

  route(alertEndpoints.duplicateRule, async ({ params, session, audit }) => {
    const user = session();
    return ctx.db.transaction(async (tx) => {
      const source = await ruleById(tx, params.ruleId);
      if (!source) throw new HttpError(404, RULE_NOT_FOUND);
      const row = await insertRule(
        tx,
        {
          ...toRule(source),
          description: source.description,
          name: `${source.name} (copy)`.slice(0, 120),
          status: 'draft',
        },
        user,
        now(),
      );
      await audit.record(tx, { details: { copy: row.id } });
      return toRule(row);
    });
  });

  route(alertEndpoints.deleteRule, async ({ params, audit }) =>
    ctx.db.transaction(async (tx) => {
      const row = await deleteRule(tx, params.ruleId);
      if (!row) throw new HttpError(404, RULE_NOT_FOUND);
      await audit.record(tx, { details: { name: row.name } });
      return { deleted: true as const };
    }),
  );

  route(alertEndpoints.previewRule, async ({ body }) => previewRule(ctx, body, ctx.config.now()));

  route(alertEndpoints.listChannels, async () => {
    const [{ settings }, rules] = await Promise.all([ctx.settings.current(), listRules(ctx.db)]);
    const using = (type: string) => rules.filter((r) => r.notifications.some((n) => n.type === type)).length;
    const smtp = settings.integrations.smtp.host || ctx.config.smtpUrl;
    const channels: AlertChannel[] = [
      {
        type: 'email',
        name: 'Email (SMTP)',
        configured: Boolean(smtp),
        detail: settings.integrations.smtp.host
          ? `SMTP server ${settings.integrations.smtp.host}:${settings.integrations.smtp.port}`
          : ctx.config.smtpUrl
            ? 'The server’s SMTP_URL'
            : 'No SMTP server is configured: set one under System Settings → Integrations.',
        rules: using('email'),
      },
      {
        type: 'slack',
        name: 'Chat webhook',
        configured: Boolean(settings.integrations.slackWebhook),
        detail: settings.integrations.slackWebhook
          ? 'The chat webhook of System Settings'
          : 'No chat webhook URL is configured.',
        rules: using('slack'),
      },
      {
        type: 'webhook',
        name: 'Webhook',
        configured: true,
        detail:
          'A signed delivery to the rule’s webhook integration, retried on its schedule (a URL of older rules: a JSON POST)',
        rules: using('webhook'),
      },
      {
        type: 'sms',
        name: `SMS (${settings.integrations.smsProvider})`,
        configured: false,
        detail: SMS_NOT_CONFIGURED,
        rules: 0,
      },
    ];
    return channels;
  });

  route(alertEndpoints.testChannel, async ({ body, session, audit }) => {
    const user = session();
    const target = body.type === 'email' && !body.target ? { ...body, target: user.email } : body;
    audit.note({ details: { type: target.type, target: target.target } });
    const message = await composeMessage(
      ctx,
      { id: 'test', name: 'Test notification', severity: 'low' },
      {
        kind: 'firing',
        alertIds: [],
        targets: [target],
      },
    );
    const outcome = await sendToTarget(
      ctx,
      undefined,
      target,
      {
        ...message,
        subject: '[TEST] Operations Console alert notification',
        text: `A test notification sent by ${user.name} from the Alert Rules screen.\n`,
      },
      '00000000-0000-0000-0000-000000000000',
    );
    await audit.record(ctx.db, { details: { type: target.type, sent: outcome.sent } });
    return outcome.sent
      ? { sent: true, message: `Test notification sent to ${target.target || 'the chat webhook'}` }
      : { sent: false, message: outcome.reason };
  });

  route(alertEndpoints.listSilences, async () => {
    const found = await silencesNotEnded(ctx.db, now());
    return found.map((s) => ({
      id: s.id,
      matchers: s.matchers,
      startsAt: s.startsAt.toISOString(),
      endsAt: s.endsAt.toISOString(),
      comment: s.comment,
      createdByName: s.createdByName,
      createdAt: s.createdAt.toISOString(),
    }));
  });
  route(alertEndpoints.createSilence, async ({ body, session, audit }) => {
    const user = session();
    return ctx.db.transaction(async (tx) => {
      const s = await insertSilence(
        tx,
        {
          matchers: body.matchers,
          startsAt: new Date(body.startsAt),
          endsAt: new Date(body.endsAt),
          comment: body.comment,
          createdBy: user.userId,
          createdByName: user.name,
        },
        now(),
      );
      await audit.record(tx, {
        resourceId: s.id,
        details: { matchers: body.matchers, comment: body.comment },
      });
      return {
        id: s.id,
        matchers: s.matchers,
        startsAt: s.startsAt.toISOString(),
        endsAt: s.endsAt.toISOString(),
        comment: s.comment,
        createdByName: s.createdByName,
        createdAt: s.createdAt.toISOString(),
      };
    });
  });
  route(alertEndpoints.deleteSilence, async ({ params, audit }) =>
    ctx.db.transaction(async (tx) => {
      const s = await endSilence(tx, params.id, now());
      if (!s) throw new HttpError(404, 'Silence not found');
      await audit.record(tx);
      return { deleted: true as const };
    }),
  );

  route(alertEndpoints.listMaintenanceWindows, async () => {
    const found = await listMaintenanceWindows(ctx.db);
    return found.map((w) => ({
      id: w.id,
      name: w.name,
      weekdays: w.weekdays,
      start: w.start,
      minutes: w.minutes,
      matchers: w.matchers,
    }));
  });
  route(alertEndpoints.createMaintenanceWindow, async ({ body, session, audit }) =>
    ctx.db.transaction(async (tx) => {
      const w = await insertMaintenanceWindow(tx, body, session().userId, now());
      await audit.record(tx, { resourceId: w.id, details: body });
      return {
        id: w.id,
        name: w.name,
        weekdays: w.weekdays,
        start: w.start,
        minutes: w.minutes,
        matchers: w.matchers,
      };
    }),
  );
  route(alertEndpoints.deleteMaintenanceWindow, async ({ params, audit }) =>
    ctx.db.transaction(async (tx) => {
      const w = await deleteMaintenanceWindow(tx, params.id);
      if (!w) throw new HttpError(404, 'Maintenance window not found');
      await audit.record(tx);
      return { deleted: true as const };
    }),
  );
}
