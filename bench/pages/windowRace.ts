import { ratioOf, summarize, type Summary } from '../lib/stats';

export const WINDOWS = [1, 2, 4, 8] as const;

export interface WindowFigure {
  window: number;
  time: Summary;
  /** This window's median ÷ the floor's median, and per-round ratios. */
  overFloor: { median: number; min: number; max: number };
  peakInFlight: number;
  sameEvents: boolean;
}

/** What each windowed reader's benchmark reports: the latency per answer, the floor and every window, over `runs`. */
export interface RaceResult {
  latencyMs: number;
  runs: number;
  floor: Summary;
  windows: WindowFigure[];
}

/** Milliseconds since `started` (a `performance.now()`). */
export const ms = (started: number): number => performance.now() - started;

export interface WindowRace {
  /** One read of the floor (one request after another); its wall time in ms. */
  floor(): Promise<number>;
  /** One read at `window` pages in flight: its wall time in ms and whether it returned the reference result. */
  read(window: number): Promise<{ ms: number; same: boolean }>;
  /** Forgets the double's request log, so `peakInFlight` is the next read's own. */
  clearLog(): void;
  peakInFlight(): number;
}

/**
 * The floor and a reader at windows 1, 2, 4 and 8, interleaved `runs` times with the order rotating, so drifting load
 * lands on every contender alike.
 */
export async function raceWindows(name: string, runs: number, race: WindowRace, progress: (line: string) => void):
  Promise<{ floor: Summary; floorTimes: number[]; windows: WindowFigure[] }> {
  const floorTimes: number[] = [];
  const times = new Map<number, number[]>(WINDOWS.map((w) => [w, []]));
  const peaks = new Map<number, number>(WINDOWS.map((w) => [w, 0]));
  const same = new Map<number, boolean>(WINDOWS.map((w) => [w, true]));
  for (let run = 0; run < runs; run++) {
    const contenders: Array<() => Promise<void>> = [
      async () => void floorTimes.push(await race.floor()),
      ...WINDOWS.map((window) => async () => {
        const read = await race.read(window);
        times.get(window)!.push(read.ms);
        peaks.set(window, Math.max(peaks.get(window)!, race.peakInFlight()));
        if (!read.same) same.set(window, false);
      }),
    ];
    for (let i = 0; i < contenders.length; i++) {
      race.clearLog();
      await contenders[(i + run) % contenders.length]();
    }
    progress(`  ${name} round ${run + 1}/${runs}: floor ${floorTimes[run].toFixed(0)} ms, window 4 ${times.get(4)![run].toFixed(0)} ms`);
  }
  return {
    floor: summarize(floorTimes), floorTimes,
    windows: WINDOWS.map((window) => ({
      window, time: summarize(times.get(window)!), overFloor: ratioOf(times.get(window)!, floorTimes), peakInFlight: peaks.get(window)!,
      sameEvents: same.get(window)!,
    })),
  };
}

/** The goal every windowed reader shares: at a window of 4, at most half the floor's time (median ratio). */
export function halfTheFloorAtFour(name: string, what: string, race: Pick<RaceResult, 'floor' | 'windows'>):
  { goal: string; value: string; met: boolean } | undefined {
  const four = race.windows.find((w) => w.window === 4);
  if (!four) return undefined;
  return {
    goal: `${name}: window 4 at most half the sequential floor's time (${what}; median ratio)`,
    value: `${four.overFloor.median.toFixed(2)} (per round ${four.overFloor.min.toFixed(2)}–${four.overFloor.max.toFixed(2)}; ${four.time.median.toFixed(0)} ms vs ${race.floor.median.toFixed(0)} ms)`,
    met: four.overFloor.median <= 0.5,
  };
}
