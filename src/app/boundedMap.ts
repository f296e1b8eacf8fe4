/**
 * Runs `run` over `items` with at most `limit` calls in flight, and answers the results in the order of `items`
 * (not of completion). Once `signal` is aborted no further item starts; those left out answer `undefined`, while
 * the calls already running finish (each receives the signal, to stop early if it can). A call that rejects
 * rejects the whole map after the running ones settle; callers that want every item to report catch inside `run`.
 *
 * Not src/gitlab/pageReader.ts: that one reads the pages of one listing in order (page numbers, totals, a window
 * that halves on 429). This one runs N unrelated requests (one setting per scope) with a fixed bound.
 */
export async function mapBounded<T, R>(
  items: readonly T[], limit: number, run: (item: T, index: number) => Promise<R>, signal?: AbortSignal,
): Promise<Array<R | undefined>> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`The limit ${limit} is not a positive integer.`);
  const results: Array<R | undefined> = new Array<R | undefined>(items.length).fill(undefined);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async (): Promise<void> => {
    while (next < items.length && !signal?.aborted && !failure) {
      const index = next++;
      try {
        results[index] = await run(items[index], index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw failure.error;
  return results;
}
