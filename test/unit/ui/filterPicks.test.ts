import assert from 'node:assert/strict';
import { fake } from './fakeVscode';
import { ActivityFilter } from '../../../src/app/activity/filterState';
import { FilterPicks } from '../../../src/ui/activity/filterPicks';
import type { FilterController } from '../../../src/ui/activity/filterController';
import { EVENT_ACTIONS, EVENT_TARGET_TYPES } from '../../../src/gitlab';

/** The controller's part the picks use: the filter, and what they set. */
function controller(filter = ActivityFilter.EMPTY): FilterController & { set: (next: ActivityFilter) => Promise<void> } {
  const state = { filter };
  return {
    get filter() { return state.filter; },
    set: async (next: ActivityFilter) => { state.filter = next; },
  } as unknown as FilterController & { set: (next: ActivityFilter) => Promise<void> };
}

/** The items of the one quick pick shown, as "label | description | detail". */
function shownItems(): string[] {
  const pick = fake.shown.find((entry) => entry.kind === 'quickPick');
  assert.ok(pick && pick.kind === 'quickPick', 'no quick pick was shown');
  return pick.items.map((item) => [item.label, item.description ?? '', item.detail ?? ''].join(' | '));
}

describe('the filter quick picks name each value once', () => {
  beforeEach(() => fake.reset());

  it('"Filter by Action" offers one label per action, without GitLab\'s word beside it, and filters by GitLab\'s word', async () => {
    const picks = controller();
    fake.answers.quickPick = (items) => items.find((item) => item.label === 'Deleted');
    await new FilterPicks(picks).action();
    const items = shownItems();
    assert.deepEqual(items.slice(0, 4), ['Any | current | ', 'Created |  | ', 'Updated |  | ', 'Closed |  | ']);
    assert.equal(items.length, 1 + EVENT_ACTIONS.length);
    assert.ok(items.includes('Deleted |  | '), JSON.stringify(items));
    assert.ok(items.includes('Membership expired |  | '), JSON.stringify(items));
    for (const action of EVENT_ACTIONS) {
      assert.ok(!items.some((item) => item.split(' | ').slice(1).includes(action)), `"${action}" is shown beside a label: ${JSON.stringify(items)}`);
    }
    assert.equal(picks.filter.action, 'destroyed', 'the filter keeps GitLab\'s word');
    assert.deepEqual(picks.filter.toEventFilter(), { action: 'destroyed' });
  });

  it('marks the current action beside its label, and nothing else', async () => {
    await new FilterPicks(controller(ActivityFilter.of({ action: 'closed' }))).action();
    assert.deepEqual(shownItems().filter((item) => item !== `${item.split(' | ')[0]} |  | `), ['Closed | current | ']);
  });

  it('"Filter by Target Type" offers one label per type too', async () => {
    const picks = controller();
    fake.answers.quickPick = (items) => items.find((item) => item.label === 'Merge request');
    await new FilterPicks(picks).targetType();
    const items = shownItems();
    assert.equal(items.length, 1 + EVENT_TARGET_TYPES.length);
    assert.ok(items.includes('Plain comment (not on diffs or threads) |  | '), JSON.stringify(items));
    for (const type of EVENT_TARGET_TYPES) assert.ok(!items.some((item) => item.split(' | ').slice(1).includes(type)), type);
    assert.deepEqual(picks.filter.toEventFilter(), { target_type: 'merge_request' });
  });
});
