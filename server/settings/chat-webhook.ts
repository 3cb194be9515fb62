import type { ServerContext } from '../context';
import type { MailOutcome } from '../mail/mailer';

const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * Posts a message to the chat webhook of the settings (Slack-compatible `{text}`). Never throws: the
 * caller learns why it was not delivered.
 */
export async function postChatMessage(ctx: ServerContext, text: string): Promise<MailOutcome> {
  const url = (await ctx.settings.current()).settings.integrations.slackWebhook;
  if (!url) return { sent: false, reason: 'No chat webhook URL is configured.' };
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text }),
      redirect: 'error',
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    return response.ok
      ? { sent: true }
      : { sent: false, reason: `The chat webhook answered HTTP ${response.status}.` };
  } catch (error) {
    const cause =
      error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : '';
    return { sent: false, reason: `The chat webhook could not be reached${cause ? `: ${cause}` : ''}.` };
  }
}
