/**
 * The business figures of issue 6 as pure functions over plain numbers (money in cents). Each answers
 * null where the figure is undefined ("n/a" in the console) rather than inventing a number.
 */
export const DAY_MS = 86_400_000;
/** Revenue is prorated by days against a 30-day month. */
export const MONTH_DAYS = 30;

/** A change of MRR (cents) at an instant. */
export interface MrrMovement {
  at: number;
  deltaCents: number;
}

/**
 * Revenue earned over [start, end): MRR at the start held for the whole window, plus each movement
 * inside it for the rest of the window; prorated against a 30-day month.
 */
export function revenueOver(
  mrrAtStartCents: number,
  movements: readonly MrrMovement[],
  start: number,
  end: number,
): number {
  const days = (ms: number) => ms / DAY_MS;
  let total = mrrAtStartCents * days(end - start);
  for (const m of movements) {
    if (m.at >= start && m.at < end) total += m.deltaCents * days(end - m.at);
  }
  return total / MONTH_DAYS;
}

/** (revenue − cloud cost) ÷ revenue; null without revenue. */
export function grossMargin(revenueCents: number, cloudCostCents: number): number | null {
  if (revenueCents <= 0) return null;
  return (revenueCents - cloudCostCents) / revenueCents;
}

/** Sales and marketing spend ÷ new customers; null when nobody new came. */
export function customerAcquisitionCost(spendCents: number, newCustomers: number): number | null {
  return newCustomers > 0 ? spendCents / newCustomers : null;
}

/** Customers lost ÷ customers at the start; null with no customer at the start. */
export function churnRate(lost: number, customersAtStart: number): number | null {
  return customersAtStart > 0 ? lost / customersAtStart : null;
}

/** A window's churn expressed per 30 days, so that 7 days and a quarter compare with a month. */
export function monthlyChurn(lost: number, customersAtStart: number, windowDays: number): number | null {
  const rate = churnRate(lost, customersAtStart);
  return rate === null || windowDays <= 0 ? null : (rate * MONTH_DAYS) / windowDays;
}

/** The mean of the months that have a churn rate; null when none has. */
export function averageChurn(monthlyRates: readonly (number | null)[]): number | null {
  const known = monthlyRates.filter((r): r is number => r !== null);
  return known.length === 0 ? null : known.reduce((a, b) => a + b, 0) / known.length;
}

/** Average revenue per paying account. */
export function averageRevenuePerAccount(mrrCents: number, customers: number): number | null {
  return customers > 0 ? mrrCents / customers : null;
}

/** ARPA × gross margin ÷ average monthly churn; null ("n/a") when churn is 0 or a part is unknown. */
export function lifetimeValue(
  arpaCents: number | null,
  margin: number | null,
  averageMonthlyChurn: number | null,
): number | null {
  if (arpaCents === null || margin === null || averageMonthlyChurn === null) return null;
  if (averageMonthlyChurn <= 0) return null;
  return (arpaCents * margin) / averageMonthlyChurn;
}

/** Trials converted ÷ trials ended (converted or not); null when no trial ended. */
export function trialConversion(converted: number, ended: number): number | null {
  return ended > 0 ? converted / ended : null;
}

/** A month's spend (month = its first day, ISO) prorated to the days of [start, end) it overlaps. */
export function spendInWindow(
  months: readonly { month: string; amountCents: number }[],
  start: number,
  end: number,
): number {
  let total = 0;
  for (const { month, amountCents } of months) {
    const from = Date.parse(`${month}T00:00:00.000Z`);
    const next = new Date(from);
    next.setUTCMonth(next.getUTCMonth() + 1);
    const to = next.getTime();
    const overlap = Math.min(end, to) - Math.max(start, from);
    if (overlap > 0) total += (amountCents * overlap) / (to - from);
  }
  return total;
}

/** Start of the UTC calendar month `offset` months from the one holding `at`. */
export function monthStart(at: number, offset = 0): number {
  const d = new Date(at);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1);
}

export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const startOfUtcDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
