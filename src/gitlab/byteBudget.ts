import type { ReadBudget } from './types';

/**
 * The bytes every request of one read (a listing of many pages) may take in all. Each body's bytes are counted as
 * they arrive, pages read at once included, so the whole read stays within `limit` (and one chunk), not only each page.
 */
export class ByteBudget implements ReadBudget {
  private used = 0;

  constructor(readonly limit: number) {
    if (!(limit >= 0)) throw new RangeError(`A byte budget must be a number of bytes, not ${limit}.`);
  }

  take(bytes: number): boolean {
    this.used += bytes;
    return this.used <= this.limit;
  }

  get taken(): number {
    return this.used;
  }
}
