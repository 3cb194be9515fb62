/**
 * An error example as it may be kept: the message only, first line, without anything that could be a
 * secret or a person's data (tokens, keys, e-mail addresses, identifiers, a driver's quoted query), short.
 */
const RULES: readonly [RegExp, string][] = [
  [/\b(bearer|basic)\s+\S+/gi, '$1 [redacted]'],
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, '[token]'],
  [/\b(password|passwd|secret|token|api[_-]?key|authorization|cookie)\b\s*[:=]\s*\S+/gi, '$1=[redacted]'],
  [/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, '[email]'],
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '[id]'],
  [/\b[0-9a-f]{24,}\b/gi, '[hex]'],
  [/\b\d{6,}\b/g, '[number]'],
];

export const MAX_EXAMPLE_LENGTH = 200;

export function redactMessage(message: string): string {
  // A driver's error quotes its query and parameters after the first line ("Failed query: … params: …").
  let text = (message.split('\n')[0] ?? '').replace(/\s*params:.*$/i, '').trim();
  for (const [pattern, replacement] of RULES) text = text.replace(pattern, replacement);
  return text.length > MAX_EXAMPLE_LENGTH ? `${text.slice(0, MAX_EXAMPLE_LENGTH - 1)}…` : text;
}
