import assert from 'node:assert/strict';
import { fake } from './fakeVscode';
import { ActivityFilter } from '../../../src/app/activity/filterState';
import type { FilterChoice } from '../../../src/ui/lists/listFilter';
import { FilterPicks } from '../../../src/ui/activity/filterPicks';
import { EVENT_ACTIONS, EVENT_TARGET_TYPES } from '../../../src/gitlab';

/** A filter's parts as it stores them, without the version and the tab. */
function partsOf(filter: ActivityFilter): Record<string, unknown> {
  const { version: _version, tab: _tab, ...parts } = filter.serialize();
  return parts;
}

describe('filter picks under a tab', () => {
  beforeEach(() => fake.reset());

  it('the action picker offers only the actions the tab can take (Wiki: no "closed"), and says why', async () => {
    const filter = controller(ActivityFilter.of({}, 'wiki'));
    await new FilterPicks(filter).action();
    const pick = fake.shown.find((entry) => entry.kind === 'quickPick');
    assert.ok(pick?.kind === 'quickPick');
    const values = pick.items.map((item) => (item as { value?: string }).value).filter((value) => value !== undefined);
    assert.deepEqual(values, ['created', 'updated', 'destroyed']);
    assert.equal(pick.options.placeHolder, 'Only what the tab "Wiki" can show (wiki pages created, updated or deleted)');
    assert.equal(fake.shown.filter((entry) => entry.kind === 'error').length, 0);
  });

  it('under "All", every action and target type is offered', async () => {
    const filter = controller(ActivityFilter.of({}));
    const picks = new FilterPicks(filter);
    await picks.action();
    await picks.targetType();
    const [actions, types] = fake.shown.filter((entry) => entry.kind === 'quickPick');
    assert.ok(actions?.kind === 'quickPick' && types?.kind === 'quickPick');
    assert.equal(actions.items.length, 1 + EVENT_ACTIONS.length);
    assert.equal(types.items.length, 1 + EVENT_TARGET_TYPES.length);
    assert.equal(actions.options.placeHolder, undefined);
  });

  it('the target type picker under Push events offers none but "Any"', async () => {
    const filter = controller(ActivityFilter.of({}, 'push'));
    await new FilterPicks(filter).targetType();
    const pick = fake.shown.find((entry) => entry.kind === 'quickPick');
    assert.ok(pick?.kind === 'quickPick');
    assert.deepEqual(pick.items.map((item) => item.label), ['Any']);
  });
});

/** The filter the picks read and set, as the view's `ListFilter` offers it. */
function controller(filter = ActivityFilter.EMPTY): FilterChoice<ActivityFilter> {
  const state = { filter };
  return {
    get filter() { return state.filter; },
    set: async (next: ActivityFilter) => { state.filter = next; },
  };
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
    assert.deepEqual(partsOf(picks.filter), { action: 'destroyed' });
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
    assert.deepEqual(partsOf(picks.filter), { target_type: 'merge_request' });
  });
});
