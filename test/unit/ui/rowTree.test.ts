import assert from 'node:assert/strict';
import { MAX_EXPANSIONS, REASK_MS, RowTree, SETTLE_MS } from '../../../src/ui/lists/rowTree';

type Row = { id: string; text?: string };
const idOf = (row: Row) => row.id;
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('RowTree: one object per row, what is open remembered, redraws that name what changed', () => {
  let tree: RowTree<Row>;
  let fired: Array<Row[] | undefined>;
  beforeEach(() => {
    tree = new RowTree<Row>();
    fired = [];
    tree.onDidChangeTreeData((rows) => fired.push(rows));
  });
  afterEach(() => tree.dispose());

  it('gives each id one object, which takes the new data of a row drawn again', () => {
    const [first] = tree.children(undefined, [{ id: 'a', text: 'old' }], idOf);
    const [again] = tree.children(undefined, [{ id: 'a', text: 'new' }], idOf);
    assert.equal(again, first);
    assert.equal(first.text, 'new');
    assert.equal(tree.node('a'), first);
  });

  it('forgets a row no longer under its parent, with everything under it', () => {
    const [parent] = tree.children(undefined, [{ id: 'p' }], idOf);
    tree.children(parent, [{ id: 'c' }], idOf);
    assert.ok(tree.node('c'));
    tree.children(undefined, [{ id: 'q' }], idOf);
    assert.equal(tree.node('p'), undefined);
    assert.equal(tree.node('c'), undefined);
  });

  it('sends the rows to draw again once per tick, without rows under another one sent or rows VS Code does not hold', async () => {
    const [parent, other] = tree.children(undefined, [{ id: 'p' }, { id: 'o' }], idOf);
    const [child] = tree.children(parent, [{ id: 'c' }], idOf);
    const unknown = tree.canonical('x', { id: 'x' });
    tree.redraw([child]);
    tree.redraw([parent, unknown]);
    tree.redraw([other]);
    assert.deepEqual(fired, [], 'not before the tick');
    await tick();
    assert.deepEqual(fired, [[parent, other]]);
    tree.redraw([child]);
    tree.redraw(undefined);
    await tick();
    assert.deepEqual(fired.at(-1), undefined, 'the whole tree, once');
    assert.equal(fired.length, 2);
  });

  /**
   * The timers of a block on a virtual clock: `pass(ms)` runs those planned to go off within `ms` (and what they plan
   * within it), so a wait is checked by what the tree plans, not by how long a real wait took. Put back after each test.
   */
  function useClock(): { pass(ms: number): void; planned(): number[] } {
    type Timer = { ms: number; run: () => void };
    let timers: Timer[] = [];
    const real = { setTimeout: globalThis.setTimeout, clearTimeout: globalThis.clearTimeout };
    beforeEach(() => {
      timers = [];
      globalThis.setTimeout = ((run: () => void, ms = 0) => {
        const timer = { ms, run };
        timers.push(timer);
        return timer;
      }) as unknown as typeof setTimeout;
      globalThis.clearTimeout = ((timer: Timer) => {
        timers = timers.filter((planned) => planned !== timer);
      }) as unknown as typeof clearTimeout;
    });
    afterEach(() => Object.assign(globalThis, real));
    return {
      pass(ms) {
        for (let due = timers.filter((t) => t.ms <= ms); due.length > 0; due = timers.filter((t) => t.ms <= ms)) {
          const next = due.reduce((a, b) => (b.ms < a.ms ? b : a));
          timers = timers.filter((t) => t !== next);
          next.run();
        }
      },
      planned: () => timers.map((t) => t.ms),
    };
  }

  describe('a row to be drawn again whose rows VS Code asks for before it is', () => {
    const clock = useClock();
    let settling: RowTree<Row>;
    let sent: Array<Row[] | undefined>;
    beforeEach(() => {
      settling = new RowTree<Row>({ reaskMs: 60_000 });
      sent = [];
      settling.onDidChangeTreeData((rows) => sent.push(rows));
    });
    afterEach(() => settling.dispose());

    it('is drawn a moment later, once VS Code has drawn the rows it asked for (a redraw then is the one it loses)', () => {
      const [section, other] = settling.children(undefined, [{ id: 'section' }, { id: 'other' }], idOf);
      settling.redraw([section, other]); // its count changed as its first page came
      settling.children(section, [{ id: 'row' }], idOf); // VS Code asks for its rows before the tick
      clock.pass(0);
      assert.deepEqual(sent, [[other]], 'the section is left alone while VS Code draws its rows');
      assert.ok(clock.planned().includes(SETTLE_MS), `a redraw planned in ${SETTLE_MS} ms: ${clock.planned().join(', ')}`);
      clock.pass(SETTLE_MS);
      assert.deepEqual(sent, [[other], [section]], 'then drawn again, for its own item');
    });

    it('is not drawn again at all when VS Code asked for its item and its rows since: it has them as they are', () => {
      const [section] = settling.children(undefined, [{ id: 'section' }], idOf);
      settling.redraw([section]);
      settling.noteItemAsked(section);
      settling.children(section, [{ id: 'row' }], idOf);
      clock.pass(SETTLE_MS);
      assert.deepEqual(sent, []);
      assert.deepEqual(clock.planned(), [], 'nothing planned');
      // A change after VS Code's asks is drawn.
      settling.redraw([section]);
      settling.noteItemAsked(section);
      settling.children(section, [{ id: 'row' }], idOf);
      settling.redraw([section]);
      clock.pass(0);
      assert.deepEqual(sent, [[section]]);
      sent.length = 0;
      // The view updating rows VS Code holds is no ask of VS Code's.
      settling.redraw([section]);
      settling.children(section, [{ id: 'row', text: 'new' }], idOf, { asked: false });
      clock.pass(0);
      assert.deepEqual(sent, [[section]]);
    });
  });

  describe('an open row drawn again whose rows VS Code does not ask for again', () => {
    const clock = useClock();
    let visible: boolean;
    let reasking: RowTree<Row>;
    let sent: Array<Row[] | undefined>;
    beforeEach(() => {
      visible = true;
      reasking = new RowTree<Row>({ visible: () => visible });
      sent = [];
      reasking.onDidChangeTreeData((rows) => sent.push(rows));
    });
    afterEach(() => reasking.dispose());

    /** A section VS Code holds open, with its rows asked for once. */
    const openSection = () => {
      const [section, other] = reasking.children(undefined, [{ id: 'section' }, { id: 'other' }], idOf);
      reasking.children(section, [{ id: 'row' }], idOf);
      return { section, other };
    };

    it('is drawn again once more when VS Code has not asked for its rows by then (its workbench kept rows whose commands are gone)', () => {
      const { section } = openSection();
      reasking.redraw([section]);
      clock.pass(0);
      assert.deepEqual(sent, [[section]]);
      assert.deepEqual(clock.planned(), [REASK_MS], 'a check planned');
      clock.pass(REASK_MS);
      assert.deepEqual(sent, [[section], [section]], 'drawn again once more');
      assert.deepEqual(clock.planned(), [], 'once only: a workbench that never asks is not asked for ever');
    });

    it('is not drawn again when VS Code asks for its rows while the change is sent (a workbench that draws at once)', () => {
      const { section } = openSection();
      reasking.onDidChangeTreeData((rows) => {
        for (const row of rows ?? []) reasking.children(row, [{ id: 'row' }], idOf);
      });
      reasking.redraw([section]);
      clock.pass(REASK_MS);
      assert.deepEqual(sent, [[section]]);
    });

    it('is not drawn again when VS Code asked for its rows, nor when it is closed, not shown, or holds no rows yet', () => {
      const { section, other } = openSection();
      reasking.redraw([section, other]);
      clock.pass(0);
      reasking.children(section, [{ id: 'row' }], idOf); // VS Code asks again, as it does
      clock.pass(REASK_MS);
      assert.deepEqual(sent, [[section, other]], 'asked again; `other` never had rows asked for');

      reasking.noteExpansion('section', false);
      reasking.redraw([section]);
      clock.pass(REASK_MS);
      assert.equal(sent.length, 2, 'a closed row: VS Code asks for nothing under it');

      reasking.noteExpansion('section', true);
      visible = false;
      reasking.redraw([section]);
      clock.pass(REASK_MS);
      assert.equal(sent.length, 3, 'a view not shown: VS Code asks when it shows it');
      assert.deepEqual(clock.planned(), []);
    });
  });

  it(`remembers the person's open and closed rows, the last ${MAX_EXPANSIONS}`, () => {
    tree.noteExpansion('first', true);
    tree.noteExpansion('touched', false);
    for (let i = 0; i < MAX_EXPANSIONS - 2; i++) tree.noteExpansion(`row ${i}`, true);
    tree.noteExpansion('touched', false); // noted again: the newest
    assert.equal(tree.isOpen('first', false), true, 'within the bound');
    tree.noteExpansion('one more', true);
    assert.equal(tree.isOpen('first', false), false, 'the oldest forgotten: its default again');
    assert.equal(tree.isOpen('touched', true), false, 'one noted again is kept');
  });
});
