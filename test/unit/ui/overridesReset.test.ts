import assert from 'node:assert/strict';
import { fake } from './fakeVscode';
import type { OverviewRow, OverviewState } from '../../../src/app/settings/overview';
import { chooseForReset } from '../../../src/ui/settings/overridesOverviewPick';

const row = (key: string, level: string): OverviewRow =>
  ({ key, name: key, path: key, level, scope: { kind: 'group', id: key } } as OverviewRow);

describe('Reset to Global… in the overrides overview', () => {
  beforeEach(() => fake.reset());

  it('offers the scopes that differ from global with none checked: Enter alone resets nothing', async () => {
    const current = { rows: [row('acme', 'watch'), row('acme/platform', 'mention'), row('acme/web', 'global')], groupsListed: true, projectsListed: true } as unknown as OverviewState;
    fake.answers.quickPick = () => [];
    assert.deepEqual(await chooseForReset({ current }, ''), []);
    const pick = fake.shown.find((entry) => entry.kind === 'quickPick');
    assert.ok(pick?.kind === 'quickPick');
    assert.deepEqual(pick.items.map((item) => item.label), ['acme', 'acme/platform']);
    assert.deepEqual(pick.items.map((item) => (item as { picked?: boolean }).picked === true), [false, false]);
  });
});
