/**
 * The next period's cost from the current period's daily totals: a least-squares line through the days,
 * summed over the next `horizon` days, with an 80 % band from the residual spread (errors of the days
 * taken as independent, so the band of the sum grows with √horizon).
 */
export const Z_80 = 1.2816;

export interface Forecast {
  value: number;
  low: number;
  high: number;
}

export function linearFit(series: readonly number[]): { slope: number; intercept: number; sigma: number } {
  const n = series.length;
  const meanX = (n - 1) / 2;
  const meanY = series.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  series.forEach((y, x) => {
    sxy += (x - meanX) * (y - meanY);
    sxx += (x - meanX) ** 2;
  });
  const slope = sxx === 0 ? 0 : sxy / sxx;
  const intercept = meanY - slope * meanX;
  const squared = series.reduce((sum, y, x) => sum + (y - (intercept + slope * x)) ** 2, 0);
  const sigma = n > 2 ? Math.sqrt(squared / (n - 2)) : 0;
  return { slope, intercept, sigma };
}

/** null when there are fewer than two days to draw a line through. */
export function forecastNext(series: readonly number[], horizon: number): Forecast | null {
  if (series.length < 2 || horizon <= 0) return null;
  const { slope, intercept, sigma } = linearFit(series);
  const n = series.length;
  let value = 0;
  for (let x = n; x < n + horizon; x++) value += Math.max(0, intercept + slope * x);
  const half = Z_80 * sigma * Math.sqrt(horizon);
  return { value, low: Math.max(0, value - half), high: value + half };
}
