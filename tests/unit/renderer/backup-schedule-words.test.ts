import { describe, expect, it } from 'vitest';
import { scheduleInWords } from '../../../renderer/features/backup-recovery/format';

describe('a backup schedule in words', () => {
  it.each([
    ['30 4 * * *', 'Daily at 04:30 UTC'],
    ['0 2 * * *', 'Daily at 02:00 UTC'],
    ['15 6 * * 1', 'Mondays at 06:15 UTC'],
    ['0 3 * * 0', 'Sundays at 03:00 UTC'],
    ['0 3 * * 7', 'Sundays at 03:00 UTC'],
    ['5 23 * * 1-5', 'Weekdays at 23:05 UTC'],
  ])('%s: %s', (cron, words) => expect(scheduleInWords(cron)).toBe(words));

  it.each(['*/15 * * * *', '0 2 1 * *', '61 25 * * *', '0 2 * * 1,3', '0 0 2 * * *'])(
    'shows any other as the expression: %s',
    (cron) => expect(scheduleInWords(cron)).toBe(`Cron ${cron} (UTC)`),
  );
});
