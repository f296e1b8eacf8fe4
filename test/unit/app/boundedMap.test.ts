import assert from 'node:assert/strict';
import { mapBounded } from '../../../src/app/boundedMap';

/** A call the test finishes by hand, so in-flight states can be observed without timers. */
interface Pending { index: number; resolve: (value: string) => void; reject: (error: Error) => void }

function gatedRun() {
  const pending: Pending[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const run = (item: number, index: number) => new Promise<string>((resolve, reject) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const done = () => { inFlight--; };
    pending.push({ index, resolve: (value) => { done(); resolve(value); }, reject: (error) => { done(); reject(error); } });
    void item;
  });
  return { run, pending, inFlight: () => inFlight, maxInFlight: () => maxInFlight };
}

/** Lets the workers take their next item (a settled call's continuation runs in a later microtask). */
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

describe('mapBounded', () => {
  it('never has more than the limit in flight, and answers in the order of the items, not of completion', async () => {
    const gate = gatedRun();
    const items = Array.from({ length: 11 }, (_, i) => i);
    const all = mapBounded(items, 4, gate.run);
    await settle();
    assert.equal(gate.inFlight(), 4, 'starts as many as allowed');
    // Finish them in a scrambled order, newest first, checking the bound after each step.
    while (gate.pending.length > 0) {
      const call = gate.pending.pop()!;
      call.resolve(`item ${items[call.index]}`);
      await settle();
      assert.ok(gate.inFlight() <= 4, `in flight: ${gate.inFlight()}`);
    }
    assert.deepEqual(await all, items.map((i) => `item ${i}`));
    assert.equal(gate.maxInFlight(), 4);
  });

  it('runs fewer workers than the limit for a short list, and answers an empty list at once', async () => {
    const gate = gatedRun();
    const all = mapBounded([1, 2], 4, gate.run);
    await settle();
    assert.equal(gate.inFlight(), 2);
    gate.pending.forEach((call) => call.resolve(String(call.index)));
    assert.deepEqual(await all, ['0', '1']);
    assert.deepEqual(await mapBounded([], 4, gate.run), []);
  });

  it('starts nothing more once aborted; the running calls finish and the rest answer undefined', async () => {
    const gate = gatedRun();
    const controller = new AbortController();
    const all = mapBounded([0, 1, 2, 3, 4, 5, 6], 3, gate.run, controller.signal);
    await settle();
    assert.equal(gate.pending.length, 3);
    controller.abort();
    gate.pending.forEach((call) => call.resolve(`done ${call.index}`));
    assert.deepEqual(await all, ['done 0', 'done 1', 'done 2', undefined, undefined, undefined, undefined]);
    assert.equal(gate.pending.length, 3, 'no call started after the abort');
  });

  it('rejects with the first failure once the running calls settle, starting nothing after it', async () => {
    const gate = gatedRun();
    const all = mapBounded([0, 1, 2, 3, 4], 2, gate.run);
    await settle();
    gate.pending[0].reject(new Error('boom'));
    await settle();
    gate.pending[1].resolve('late');
    await assert.rejects(all, /boom/);
    assert.equal(gate.pending.length, 2);
  });

  it('refuses a limit that is not a positive integer', async () => {
    await assert.rejects(mapBounded([1], 0, async () => 1), RangeError);
  });
});
