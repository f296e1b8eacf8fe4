/** Order statistics of a sample of timings (or sizes); every figure the benchmark reports comes from these. */
export interface Summary {
  n: number;
  median: number;
  min: number;
  max: number;
  /** First and third quartiles (linear interpolation). */
  q1: number;
  q3: number;
}

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low] + (sorted[high] - sorted[low]) * (position - low);
}

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    median: quantile(sorted, 0.5),
    min: sorted[0] ?? NaN,
    max: sorted[sorted.length - 1] ?? NaN,
    q1: quantile(sorted, 0.25),
    q3: quantile(sorted, 0.75),
  };
}

/**
 * Ratio of medians, with a range from the per-round ratios (rounds are interleaved, so round i of both sides ran
 * under the same conditions).
 */
export interface Ratio {
  median: number;
  min: number;
  max: number;
  /**
   * Best of each side (min ÷ min): noise on a shared machine only ever adds time, so the fastest runs are the
   * closest to the intrinsic cost. A check on the median when the machine was busy.
   */
  best: number;
}

export function ratioOf(numerator: readonly number[], denominator: readonly number[]): Ratio {
  const perRound = numerator.map((value, i) => value / denominator[i]).filter(Number.isFinite);
  const spread = summarize(perRound);
  const top = summarize(numerator);
  const bottom = summarize(denominator);
  return { median: top.median / bottom.median, min: spread.min, max: spread.max, best: top.min / bottom.min };
}

export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
