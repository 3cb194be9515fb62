import { DEFAULT_USER_NAME } from '../../shared/constants';

/** "Ada Lovelace" → "AL", "Ada" → "A"; the default user name when the name is blank. */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const source = words.length > 0 ? words : DEFAULT_USER_NAME.split(' ');
  const first = source[0] ?? '';
  const last = source.length > 1 ? (source[source.length - 1] ?? '') : '';
  const letter = (word: string) => (Array.from(word)[0] ?? '').toLocaleUpperCase();
  return letter(first) + letter(last);
}
