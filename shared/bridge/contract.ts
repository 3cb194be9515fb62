import { z } from 'zod';
import { ALERT_PRIORITIES, bannerAlert } from '../alerts';
import { THEMES } from '../constants';
import { changePasswordBody, loginBody, sessionUser } from '../api/auth';
import { codeBody, twoFactorSetup } from '../api/two-factor';
import { TWO_FACTOR_STEPS } from '../two-factor';
import {
  budgetStatus,
  businessDashboard,
  costBreakdown,
  costQuery,
  costRecord,
  dashboardQuery,
  optimizationScore,
  recommendation,
} from '../api/business';
import { organizationId } from '../api/organizations';
import { usageBatchInput } from '../api/usage';
import { acceptInvitationBody, acceptedInvitation } from '../api/users';
import { forwardedContract } from './forwarded';
import type { BridgeResult } from './errors';
import { LOG_TEXT_MAX } from './http';

export * from './errors';
export { HTTP_BRIDGE, LOG_TEXT_MAX } from './http';
export { FORWARDED, isForwardedChannel, type ForwardedChannel } from './forwarded';

/**
 * The bridge between renderer and main process: every channel the renderer may call, with zod
 * input and output. There is no generic "call any URL" channel: the renderer can only ask for
 * what is named here. Two kinds: the forwarded channels of shared/bridge/forwarded.ts (named by their
 * endpoint, 'roles.listRoles'), and the hand-written ones below (`'<domain>:<verb>'`), where main does
 * real work.
 */
const none = z.undefined();

/** One call of the role-verification checklist (part 2 §6), made with the signed-in user's token. */
export const roleCheck = z.object({
  id: z.enum(['session', 'centers', 'centerAnalytics']),
  method: z.literal('GET'),
  /** The path as called, without the base address. */
  path: z.string(),
  /** The HTTP status of the answer; 0 when the call never got one. */
  status: z.number().int(),
  allowed: z.boolean(),
  /** The server's error text when refused. */
  error: z.string().optional(),
});
export type RoleCheck = z.infer<typeof roleCheck>;

export const themeSchema = z.enum(THEMES);

export const sessionState = z.discriminatedUnion('status', [
  z.object({ status: z.literal('authenticated'), user: sessionUser }),
  z.object({ status: z.literal('unauthenticated'), reason: z.string().optional() }),
]);
export type SessionState = z.infer<typeof sessionState>;

/** A sign-in's outcome: signed in, or a second step due (issue 13); the challenge stays in main. */
export const signInResult = z.discriminatedUnion('status', [
  z.object({ status: z.literal('signedIn'), user: sessionUser }),
  z.object({ status: z.literal('twoFactor'), step: z.enum(TWO_FACTOR_STEPS) }),
]);
export type SignInResult = z.infer<typeof signInResult>;

export const appInfo = z.object({
  host: z.enum(['electron', 'browser']),
  version: z.string(),
  /** Base address of Client B (platform gateway). */
  gatewayUrl: z.string(),
  /** Base address of Client A (organization API). */
  organizationApiUrl: z.string(),
  /** Whether the console started its own server on loopback. */
  embeddedServer: z.boolean(),
  demo: z.boolean(),
  /** The host's data folder (store, embedded database) and the folder of its rotating log files. */
  dataDir: z.string(),
  logDir: z.string(),
});
export type AppInfo = z.infer<typeof appInfo>;

/**
 * The embedded server, as the console shows it: `starting` (a sign-in waits and says "Starting the
 * console…"), `running`, `restarting` after its thread died, `failed`, or `none` (a remote gateway).
 * `restarts` counts the deaths it came back from since launch (the banner says so).
 */
export const serverStatus = z.object({
  state: z.enum(['none', 'starting', 'running', 'restarting', 'failed']),
  restarts: z.number().int().nonnegative(),
});
export type ServerStatus = z.infer<typeof serverStatus>;

const exportId = z.string().min(1).max(64);

/** A file name offered in the save dialog: a plain name, no folder, no leading dot. */
export const saveFileName = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\w-][\w.-]*$/, 'A file name without folders');

/** Text saved from the console is small: 10 MB at most (larger files come from the server, streamed). */
export const SAVE_CONTENT_MAX = 10 * 1024 * 1024;

export const saveInput = z.union([
  z.object({ content: z.string().max(SAVE_CONTENT_MAX), fileName: saveFileName }).strict(),
  z.object({ downloadId: exportId, fileName: saveFileName.optional() }).strict(),
  /** A report's latest generated file (Advanced Reporting). */
  z.object({ reportId: exportId, fileName: saveFileName.optional() }).strict(),
  /** A recovery point's archive, as written (age-encrypted) (Backup & Recovery). */
  z.object({ recoveryPointId: exportId, fileName: saveFileName.optional() }).strict(),
]);
export type SaveInput = z.infer<typeof saveInput>;

export const saveOutcome = z.discriminatedUnion('status', [
  z.object({ status: z.literal('saved'), fileName: z.string() }),
  /** The user closed the dialog: not an error. */
  z.object({ status: z.literal('cancelled') }),
  /** Browser host: the page downloads the file from this same-origin address, once. */
  z.object({ status: z.literal('download'), url: z.string(), fileName: z.string() }),
]);
export type SaveOutcome = z.infer<typeof saveOutcome>;

/** An error of the renderer, for the main process's log: where it was caught, its text and stack. */
export const rendererError = z
  .object({
    source: z.enum(['window', 'unhandledrejection', 'screen', 'logged']),
    message: z.string().max(LOG_TEXT_MAX),
    stack: z.string().max(LOG_TEXT_MAX).optional(),
  })
  .strict();
export type RendererError = z.infer<typeof rendererError>;

export const handWrittenContract = {
  'app:info': { input: none, output: appInfo },
  /** Answers at once, also while the embedded server starts (unlike 'app:info', which waits for it). */
  'app:serverStatus': { input: none, output: serverStatus },
  /**
   * The renderer's errors, written to the main process's log (its console goes nowhere). Rate-limited
   * in main; `logged: false` when this one was dropped for it.
   */
  'log:error': { input: rendererError, output: z.object({ logged: z.boolean() }) },
  /** Verifies the stored token with the gateway (part 1 §4); never answers the token itself. */
  'auth:session': { input: none, output: sessionState },
  'auth:login': { input: loginBody, output: signInResult },
  /** The second step with the challenge main holds: a TOTP or recovery code. */
  'auth:twoFactorCode': { input: codeBody, output: sessionUser },
  /** Where two-factor is required and not set up: a new authenticator (QR code and secret). */
  'auth:twoFactorSetup': { input: none, output: twoFactorSetup },
  /** Its first code: signs in, and answers the recovery codes once. */
  'auth:twoFactorConfirm': {
    input: codeBody,
    output: z.object({ user: sessionUser, recoveryCodes: z.array(z.string()) }),
  },
  'auth:logout': { input: none, output: z.null() },
  /**
   * Changes the signed-in user's password: the server revokes every earlier token and answers a new one,
   * which main keeps (the page never sees it).
   */
  'auth:changePassword': { input: changePasswordBody, output: sessionUser },
  /** Uses a one-time link (issue 13), signed out: the public acceptance is not forwarded. */
  'auth:acceptInvitation': { input: acceptInvitationBody, output: acceptedInvitation },
  'settings:theme': { input: none, output: themeSchema },
  'settings:setTheme': { input: z.object({ theme: themeSchema }), output: themeSchema },
  /** The stored organization if the user still has it, otherwise the first one (and it is stored). */
  'orgs:current': { input: none, output: z.object({ organizationId: organizationId.nullable() }) },
  /** Stores the chosen id; "Organization not found" for an id the user does not have. */
  'orgs:switch': { input: z.object({ organizationId }), output: z.object({ organizationId }) },
  /**
   * The testing checklist, run for real as the signed-in user: the session, the centers list and the
   * current organization's center analytics. A refusal is a result, not an error.
   */
  'roles:runChecks': { input: none, output: z.array(roleCheck) },
  /**
   * Saves a file where the user chooses: text made by the console, or an export job's file. Never a
   * path: the main process writes only where the save dialog answered (Electron), or hands the file to
   * the browser as a download (browser host: the page opens `url`).
   */
  'export:save': { input: saveInput, output: saveOutcome },
  /** The alert banner (part 1 §2): the 20 newest alerts the main process holds, newest first. */
  'alerts:list': { input: none, output: z.array(bannerAlert) },
  /** Dismisses one alert for this console (kept across restarts); answers the new list. */
  'alerts:dismiss': { input: z.object({ id: z.string().min(1).max(64) }), output: z.array(bannerAlert) },
  /**
   * Business figures (issue 6): the platform's (analytics.view_platform) or the current organization's
   * (its owners and admins) for a header date range.
   */
  'business:dashboard': {
    input: dashboardQuery.extend({ scope: z.enum(['platform', 'organization']) }),
    output: businessDashboard,
  },
  /** Everything the cost screen shows for a period, fetched together. */
  'cost:overview': {
    input: costQuery,
    output: z.object({
      trend: z.array(costRecord),
      breakdown: costBreakdown,
      recommendations: z.array(recommendation),
      budgets: z.array(budgetStatus),
      score: optimizationScore,
    }),
  },
  /**
   * A batch of the console's usage events (issue 11); main adds the host and the OS and sends it under
   * the session's token. Never anything the user typed: route paths and feature names only.
   */
  'usage:record': { input: usageBatchInput, output: z.object({ stored: z.number().int() }) },
} as const;

export type HandWrittenChannel = keyof typeof handWrittenContract;

/** Every channel: the hand-written ones and the forwarded endpoints, one map for preloads and dispatcher. */
export const bridgeContract = { ...handWrittenContract, ...forwardedContract };
export type BridgeContract = typeof bridgeContract;
export type Channel = keyof BridgeContract;
export type ChannelInput<C extends Channel> = z.input<BridgeContract[C]['input']>;
export type ChannelOutput<C extends Channel> = z.output<BridgeContract[C]['output']>;

export const CHANNELS = Object.keys(bridgeContract) as Channel[];

export function isChannel(value: unknown): value is Channel {
  return typeof value === 'string' && Object.hasOwn(bridgeContract, value);
}

/** Events pushed from main to renderer. */
export const bridgeEvents = {
  /** A 401 cleared the token: the renderer goes to /login (part 1 §4). */
  'auth:expired': z.object({ message: z.string() }),
  /** The embedded server started, died, was restarted or could not be. */
  'app:serverStatus': serverStatus,
  'settings:themeChanged': z.object({ theme: themeSchema }),
  /** The current organization changed (in this window or another). */
  'orgs:switched': z.object({ organizationId }),
  /** A file being saved: bytes written so far, of an export of `rows` rows when known. */
  'export:progress': z.object({
    fileName: z.string(),
    bytes: z.number().int(),
    rows: z.number().int().nullable(),
    done: z.boolean(),
  }),
  /** The banner's alerts changed: a new one arrived, one was dismissed, or the session ended. */
  'alerts:changed': z.object({ alerts: z.array(bannerAlert) }),
  /**
   * Browser host only: a desktop notification it recorded, for the page to show as a browser
   * Notification where the user allowed them (the desktop app shows its own).
   */
  'alerts:notification': z.object({
    title: z.string(),
    body: z.string(),
    priority: z.enum(ALERT_PRIORITIES),
  }),
} as const;
export type BridgeEvents = typeof bridgeEvents;
export type EventName = keyof BridgeEvents;
export type EventPayload<E extends EventName> = z.infer<BridgeEvents[E]>;
export const EVENT_NAMES = Object.keys(bridgeEvents) as EventName[];

/**
 * `window.consoleApi`: one function per channel, plus `onEvent`. Nothing else. A call resolves with
 * its BridgeResult, failures included: in Electron an Error thrown across contextBridge keeps only its
 * message, so the code and status travel as data and renderer/lib/bridge.ts throws the BridgeCallError.
 */
export type ConsoleApi = {
  [C in Channel]: (
    ...args: ChannelInput<C> extends undefined ? [] : [input: ChannelInput<C>]
  ) => Promise<BridgeResult<ChannelOutput<C>>>;
} & {
  onEvent<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
};
