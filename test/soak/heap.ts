import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Heap figures that mean something: measured after a full collection. `global.gc` exists only with
 * `--expose-gc`; without the flag it is switched on at run time (V8 exposes `gc` to contexts created afterwards).
 */
export class HeapMeter {
  private readonly gc: () => void;

  constructor() {
    const exposed = (globalThis as { gc?: () => void }).gc;
    if (exposed) {
      this.gc = exposed;
    } else {
      setFlagsFromString('--expose-gc');
      this.gc = runInNewContext('gc') as () => void;
    }
  }

  /** JS heap plus memory outside it (Buffers), in bytes, after collecting garbage. */
  settled(): number {
    this.gc();
    this.gc();
    return current();
  }

  /** Samples memory every few milliseconds until `stop()`, which returns the highest figure seen. */
  watchPeak(everyMs = 2): { stop(): number } {
    let peak = current();
    const timer = setInterval(() => {
      peak = Math.max(peak, current());
    }, everyMs);
    return {
      stop(): number {
        clearInterval(timer);
        return Math.max(peak, current());
      },
    };
  }
}

function current(): number {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external;
}

export function megabytes(bytes: number): number {
  return Math.round((bytes / 1048576) * 10) / 10;
}
