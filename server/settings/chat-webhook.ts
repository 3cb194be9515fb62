import type { ServerContext } from '../context';
import { postJson } from '../integrations/send';
import type { MailOutcome } from '../mail/mailer';

/**
 * Posts a message to the chat webhook of the settings (Slack-compatible `{text}`), through the outbound
 * guard: the URL must be a public internet address at connect time. Never throws: the caller learns why it
 * was not delivered.
 */
export async function postChatMessage(ctx: ServerContext, text: string): Promise<MailOutcome> {
  const url = (await ctx.settings.current()).settings.integrations.slackWebhook;
  if (!url) return { sent: false, reason: 'No chat webhook URL is configured.' };
  return postJson(url, { text }, { policy: ctx.webhooks.outbound, now: ctx.config.now }, 'The chat webhook');
}
