import { settingsEndpoints, type SettingsDocument } from '../../shared/api/settings';
import { formatError } from '../../shared/errors';
import { SETTINGS_TEXTS, ipAllowed } from '../../shared/settings';
import type { ServerContext } from '../context';
import { isUniqueViolation } from '../db/errors';
import { HttpError } from '../http/errors';
import type { Route } from '../http/router';
import { sendMail } from '../mail/mailer';
import { postChatMessage } from './chat-webhook';
import { MASK, settingsChanges } from './changes';
import { assertSmtpHostAllowed, nextSmtpPassword, throttledTest } from './smtp';
import { insertSettingsVersion, type SettingsState } from './store';
import { endSessionsWithoutTwoFactor, isEnrolled } from '../auth/two-factor';
import { TWO_FACTOR_TEXTS } from '../../shared/two-factor';

const conflict = () => new HttpError(409, SETTINGS_TEXTS.conflict);

export function documentOf(state: SettingsState): SettingsDocument {
  return {
    settings: state.settings,
    version: state.version,
    updatedAt: state.savedAt?.toISOString() ?? null,
    updatedBy: state.savedBy,
    smtpPasswordSet: Boolean(state.smtpPassword),
  };
}

export function registerSettingsRoutes(route: Route, ctx: ServerContext): void {
  route(settingsEndpoints.read, async () => documentOf(await ctx.settings.current()));

  route(settingsEndpoints.console, async () => {
    const { general, security } = (await ctx.settings.current()).settings;
    return {
      platformName: general.platformName,
      timezone: general.timezone,
      language: general.language,
      maintenanceMode: general.maintenanceMode,
      sessionTimeout: security.sessionTimeout,
      twoFactorRequired: security.twoFactorRequired,
      passwordPolicy: security.passwordPolicy,
    };
  });

  route(settingsEndpoints.testEmail, async ({ body, session, request }) => {
    const { general } = (await ctx.settings.current()).settings;
    const caller = session();
    return throttledTest(ctx, { userId: caller.userId, ip: request.ip }, () =>
      sendMail(ctx, {
        to: body.to ?? caller.email,
        subject: `${general.platformName}: test email`,
        text: `This test message was sent from the System Settings of ${general.platformName}.`,
      }),
    );
  });

  route(settingsEndpoints.testWebhook, async () => {
    const { general } = (await ctx.settings.current()).settings;
    return postChatMessage(ctx, `Test message from the System Settings of ${general.platformName}.`);
  });

  route(settingsEndpoints.update, async ({ body, request, session, audit }) => {
    const caller = session();
    const before = await ctx.settings.current();
    audit.note({ details: { version: body.version } });
    if (body.version !== before.version) throw conflict();

    // As GitHub requires of an organization's owner: whoever requires two-factor has it, so the console
    // that saves is not the first one locked out of its next sign-in.
    const requiring = body.settings.security.twoFactorRequired && !before.settings.security.twoFactorRequired;
    if (requiring && !(await isEnrolled(ctx.db, caller.userId)))
      throw new HttpError(400, TWO_FACTOR_TEXTS.enrolBeforeRequiring);

    // The whitelist is checked against the address this very request comes from: saving a list that
    // leaves it out would refuse the admin's next call, with nobody left to undo it from the console.
    const ranges = body.settings.security.ipWhitelist;
    if (!ipAllowed(request.ip, ranges)) {
      throw new HttpError(400, formatError(SETTINGS_TEXTS.lockout, { ip: request.ip }));
    }

    const smtpBefore = before.settings.integrations.smtp;
    const smtpAfter = body.settings.integrations.smtp;
    await assertSmtpHostAllowed(ctx, smtpBefore, smtpAfter);
    const smtpPassword = nextSmtpPassword(
      { smtp: smtpBefore, password: before.smtpPassword },
      smtpAfter,
      body.smtpPassword,
    );
    const changes = settingsChanges(before.settings, body.settings);
    if (smtpPassword !== before.smtpPassword) {
      changes.push({
        field: 'integrations.smtp.password',
        from: before.smtpPassword ? MASK : '',
        to: smtpPassword ? MASK : '',
      });
    }
    try {
      const saved = await ctx.db.transaction(async (tx) => {
        const state = await insertSettingsVersion(tx, ctx.secrets, {
          version: before.version + 1,
          settings: body.settings,
          smtpPassword,
          savedAt: new Date(ctx.config.now()),
          savedBy: { userId: caller.userId, name: caller.name },
        });
        // Sessions of users without an authenticator end: their next sign-in sets one up first.
        const signedOut = requiring ? await endSessionsWithoutTwoFactor(tx, ctx.config.now()) : 0;
        await audit.record(tx, {
          resourceId: String(state.version),
          details: { version: state.version, changes, ...(requiring ? { signedOut } : {}) },
        });
        return state;
      });
      ctx.settings.adopt(saved);
      return documentOf(saved);
    } catch (error) {
      // Someone saved the same version first (another admin, another instance).
      if (isUniqueViolation(error)) throw conflict();
      throw error;
    }
  });
}
