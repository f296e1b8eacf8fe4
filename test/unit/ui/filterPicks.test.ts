import assert from 'node:assert/strict';
import { fake } from './fakeVscode';
import { ActivityFilter } from '../../../src/app/activity/filterState';
import { FilterController } from '../../../src/ui/activity/filterController';
import { FilterPicks } from '../../../src/ui/activity/filterPicks';
import { STATE_KEYS } from '../../../src/ids';
import { EVENT_ACTIONS, EVENT_TARGET_TYPES } from '../../../src/gitlab/types';

/** A memento holding the filter a workspace kept. */
function memento(filter: ActivityFilter) {
  const values = new Map<string, unknown>([[STATE_KEYS.filter, filter.serialize()]]);
  return { get: (key: string) => values.get(key), update: async (key: string, value: unknown) => void values.set(key, value), keys: () => [...values.keys()] };
}

describe('filter picks under a tab', () => {
  beforeEach(() => fake.reset());

  it('the action picker offers only the actions the tab can take (Wiki: no "closed"), and says why', async () => {
    const controller = new FilterController(memento(ActivityFilter.of({}, 'wiki')) as never);
    await new FilterPicks(controller).action();
    const pick = fake.shown.find((entry) => entry.kind === 'quickPick');
    assert.ok(pick?.kind === 'quickPick');
    const values = pick.items.map((item) => item.description).filter((value) => value !== undefined && value !== 'current');
    assert.deepEqual(values, ['created', 'updated', 'destroyed']);
    assert.equal(pick.options.placeHolder, 'Only what the tab "Wiki" can show (wiki pages created, updated or deleted)');
    assert.equal(fake.shown.filter((entry) => entry.kind === 'error').length, 0);
  });

  it('under "All", every action and target type is offered', async () => {
    const controller = new FilterController(memento(ActivityFilter.of({})) as never);
    const picks = new FilterPicks(controller);
    await picks.action();
    await picks.targetType();
    const [actions, types] = fake.shown.filter((entry) => entry.kind === 'quickPick');
    assert.ok(actions?.kind === 'quickPick' && types?.kind === 'quickPick');
    assert.equal(actions.items.length, 1 + EVENT_ACTIONS.length);
    assert.equal(types.items.length, 1 + EVENT_TARGET_TYPES.length);
    assert.equal(actions.options.placeHolder, undefined);
  });

  it('the target type picker under Push events offers none but "Any"', async () => {
    const controller = new FilterController(memento(ActivityFilter.of({}, 'push')) as never);
    await new FilterPicks(controller).targetType();
    const pick = fake.shown.find((entry) => entry.kind === 'quickPick');
    assert.ok(pick?.kind === 'quickPick');
    assert.deepEqual(pick.items.map((item) => item.label), ['Any']);
  });
});
