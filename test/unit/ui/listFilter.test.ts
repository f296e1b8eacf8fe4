import assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { fake, FakeMemento } from './fakeVscode';
import { ListFilter, type ViewFilter } from '../../../src/ui/lists/listFilter';

/** A filter that is its words. */
class Words implements ViewFilter<Words> {
  constructor(readonly words: string) {}
  equals(other: Words): boolean {
    return other.words === this.words;
  }
  serialize(): unknown {
    return this.words;
  }
  describe(): string {
    return this.words;
  }
  message(): string {
    return `Filtered: ${this.words}`;
  }
}

/** A list view's filter whose lists go idle when the test says, each switch in turn. */
function listFilter() {
  const view = { description: undefined as string | undefined, message: undefined as string | undefined };
  const idle: Array<() => void> = [];
  const filter = new ListFilter<Words>({
    state: new FakeMemento() as unknown as vscode.Memento, key: 'filter', initial: new Words('Issue'), isEmpty: (f) => f.words === '',
    context: () => ({}), view: view as unknown as vscode.TreeView<unknown>, viewId: 'view', signedIn: () => true,
    pushDown: () => undefined, loadOpen: () => undefined,
    lists: { whenIdle: () => new Promise<void>((resolve) => idle.push(resolve)), dropStale: () => undefined },
  });
  return { filter, view, goIdle: (index: number) => idle[index]() };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('a list view\'s filter: the label changes with the rows', () => {
  beforeEach(() => fake.reset());

  it('keeps the old label until the new filter\'s rows are in, never the new label over the old rows', async () => {
    const { filter, view, goIdle } = listFilter();
    assert.equal(view.description, 'Issue');
    await filter.set(new Words('Merge request'));
    await filter.set(new Words('Epic'));
    goIdle(0); // the lists went idle for "Merge request": "Epic"'s first pages are still being read
    await settle();
    assert.equal(view.description, 'Issue', 'the rows shown are still the old ones');
    goIdle(1);
    await filter.switched();
    assert.equal(view.description, 'Epic');
    assert.equal(view.message, 'Filtered: Epic');
  });
});
