/** One thing being timed; `run` does the work once and may return a count to check that each run did the same. */
export interface Contender {
  id: string;
  run(): Promise<number | void>;
}

export interface InterleavedResult {
  /** Milliseconds per timed round, by contender id, in round order. */
  samples: Record<string, number[]>;
  /**
   * CPU milliseconds (user + system, all threads of this process) per timed round: the work done here, without
   * waiting for the network, a server or a free core.
   */
  cpuSamples: Record<string, number[]>;
  /** What each contender's runs returned (for consistency checks). */
  counts: Record<string, Array<number | void>>;
}

/**
 * Runs the contenders A B C, A B C, … so that drift (thermal, other processes, JIT tiers, GC pressure) spreads over
 * all of them instead of favouring whichever ran last. Warm-up rounds are run and dropped. The order rotates each
 * round so no contender always follows the same one.
 */
export async function interleave(contenders: readonly Contender[], rounds: number, warmup: number): Promise<InterleavedResult> {
  const samples: Record<string, number[]> = {};
  const cpuSamples: Record<string, number[]> = {};
  const counts: Record<string, Array<number | void>> = {};
  for (const c of contenders) {
    samples[c.id] = [];
    cpuSamples[c.id] = [];
    counts[c.id] = [];
  }
  for (let r = 0; r < warmup + rounds; r++) {
    for (let k = 0; k < contenders.length; k++) {
      const contender = contenders[(k + r) % contenders.length];
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      const count = await contender.run();
      const elapsed = performance.now() - started;
      const cpu = process.cpuUsage(cpuBefore);
      if (r < warmup) continue;
      samples[contender.id].push(elapsed);
      cpuSamples[contender.id].push((cpu.user + cpu.system) / 1000);
      counts[contender.id].push(count);
    }
  }
  return { samples, cpuSamples, counts };
}
