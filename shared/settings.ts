/**
 * The system settings of part 2 §2, §3, §5, §9: their options, the spec's sample defaults, the bounds we add
 * where the spec enforces none, and the rules both the screen and the server apply (IP whitelist lines,
 * password policy), so that a value the form accepts is a value the server accepts.
 */
import ipaddr from 'ipaddr.js';

export const TIMEZONES = ['Eastern', 'Central', 'Mountain', 'Pacific', 'UTC'] as const;
export type SettingsTimezone = (typeof TIMEZONES)[number];
/** The IANA zone each option of the screen stands for (Intl needs one). */
export const TIMEZONE_IANA: Record<SettingsTimezone, string> = {
  Eastern: 'America/New_York',
  Central: 'America/Chicago',
  Mountain: 'America/Denver',
  Pacific: 'America/Los_Angeles',
  UTC: 'UTC',
};
export const LANGUAGES = ['en-US', 'es-ES', 'fr-FR', 'de-DE'] as const;
export const CLOUD_REGIONS = ['us-east-1', 'us-east-2', 'us-west-1', 'us-west-2'] as const;
export const EMAIL_PROVIDERS = ['ses', 'sendgrid', 'mailgun'] as const;
export const SMS_PROVIDERS = ['twilio', 'aws-sns'] as const;
export const DIGEST_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export const PASSWORD_POLICIES = ['basic', 'strong', 'enterprise'] as const;
export type PasswordPolicy = (typeof PASSWORD_POLICIES)[number];

/** Bounds we add (the spec parses these as integers and enforces none). */
export const SETTINGS_BOUNDS = {
  /** Minutes: below 5 an administrator could not finish a form; a day at most. */
  sessionTimeout: { min: 5, max: 1440 },
  /** Seconds: from 10 s to a day. */
  cacheTimeout: { min: 10, max: 86_400 },
  /** Per user or address and minute: below 60 the console's own polling would trip it. */
  maxRequestsPerMinute: { min: 60, max: 100_000 },
  ipWhitelistLines: 500,
} as const;

/** Save states of part 2 §4: the label shows 'Saved!' or 'Error' for 3 s (part 2 §9). */
export const SETTINGS_STATUS_RESET_MS = 3000;

export const SETTINGS_TEXTS = {
  loadFailed: 'Failed to load settings',
  saved: 'Saved!',
  error: 'Error',
  saving: 'Saving...',
  save: 'Save Settings',
  reload: 'Reload',
  conflict: 'The settings were changed by someone else meanwhile. Reload them, then save again.',
  lockout:
    'This IP whitelist would lock you out: your address {ip} is in none of its ranges. Add a range that contains it.',
  maintenance:
    'The platform is in maintenance mode. Only super administrators can use it until maintenance ends.',
  ipRefused: 'Access from your address ({ip}) is not allowed by the IP whitelist of this platform.',
  rateLimited: 'Too many requests: at most {max} per minute. Try again in {seconds} seconds.',
} as const;

/** Drops blank lines; each remaining line must be one CIDR range. Answers the ranges, or the first bad line. */
export function parseIpWhitelist(
  lines: readonly string[],
): { ok: true; ranges: string[] } | { ok: false; line: number; value: string } {
  const ranges: string[] = [];
  for (const [index, raw] of lines.entries()) {
    const value = raw.trim();
    if (value === '') continue;
    if (!ipaddr.isValidCIDR(value)) return { ok: false, line: index + 1, value };
    ranges.push(value);
  }
  return { ok: true, ranges };
}

export const ipWhitelistLineError = (line: number, value: string) =>
  `Line ${line} is not a CIDR range (like 203.0.113.0/24 or 2001:db8::/32): ${value.slice(0, 60)}`;

/** An address in any of the ranges? IPv4-mapped IPv6 addresses (::ffff:a.b.c.d) count as their IPv4. */
export function ipAllowed(address: string, ranges: readonly string[]): boolean {
  if (ranges.length === 0) return true;
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return ranges.some((range) => {
    const [network, bits] = ipaddr.parseCIDR(range);
    return network.kind() === parsed.kind() && parsed.match(network, bits);
  });
}

/** The policy's rules (part 2 §5), each with the sentence shown when a password misses it. */
const POLICY_RULES: Record<PasswordPolicy, readonly { test: (p: string) => boolean; text: string }[]> = {
  basic: [{ test: (p) => p.length >= 8, text: 'at least 8 characters' }],
  strong: [
    { test: (p) => p.length >= 12, text: 'at least 12 characters' },
    { test: (p) => /[a-z]/.test(p) && /[A-Z]/.test(p), text: 'upper- and lower-case letters' },
    { test: (p) => /[0-9]/.test(p), text: 'a number' },
  ],
  enterprise: [
    { test: (p) => p.length >= 16, text: 'at least 16 characters' },
    { test: (p) => /[a-z]/.test(p) && /[A-Z]/.test(p), text: 'upper- and lower-case letters' },
    { test: (p) => /[0-9]/.test(p), text: 'a number' },
    { test: (p) => /[^A-Za-z0-9]/.test(p), text: 'a symbol' },
  ],
};

export const PASSWORD_POLICY_LABELS: Record<PasswordPolicy, string> = {
  basic: 'Basic (8+ characters)',
  strong: 'Strong (12+ characters, mixed case, numbers)',
  enterprise: 'Enterprise (16+ characters, symbols required)',
};

/** What the password misses under the policy; empty when it complies. */
export function passwordPolicyGaps(policy: PasswordPolicy, password: string): string[] {
  return POLICY_RULES[policy].filter((rule) => !rule.test(password)).map((rule) => rule.text);
}

export const passwordPolicyError = (policy: PasswordPolicy, gaps: readonly string[]) =>
  `The password does not meet the ${policy} password policy: it needs ${gaps.join(', ')}.`;
