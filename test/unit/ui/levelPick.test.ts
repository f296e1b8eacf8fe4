import assert from 'node:assert/strict';
import { fake } from './fakeVscode';
import { levelPickEntries } from '../../../src/app/settings/levelPick';
import { formatMessage } from '../../../src/app/localize';
import { LEVEL_ORDER } from '../../../src/app/settings/shared/labels';
import type { LevelInForce } from '../../../src/app/settings/shared/levelChain';
import type { NotificationSettingsService } from '../../../src/app/settings/notificationSettingsService';
import { NotificationStatusBar } from '../../../src/ui/statusBar/notificationStatusBar';
import type { Scope } from '../../../src/gitlab';

/** Each level as people read it in the pick, and its one line, written out: a wrong word in the product fails here. */
const WORDS: Record<string, { label: string; detail: string }> = {
  global: { label: 'Global', detail: 'Use your global notification setting.' },
  watch: { label: 'Watch', detail: 'Receive notifications for any activity.' },
  participating: { label: 'Participate', detail: 'Receive notifications for threads you have participated in.' },
  mention: { label: 'On mention', detail: 'Receive notifications only when you are @mentioned in a comment.' },
  custom: { label: 'Custom', detail: 'Receive notifications for threads you participate in, plus the events you select.' },
  disabled: { label: 'Disabled', detail: 'Receive no notifications.' },
};

const t = formatMessage;
const PROJECT: Scope = { kind: 'project', id: 'acme/web' };

/** The status bar on a scope whose level in force is `inForce`; `chosen` picks from the quick pick. */
function statusBar(scope: Scope, inForce: LevelInForce) {
  const account = { signedIn: true, instanceUrl: 'https://gitlab.example.com', onDidChange: () => ({ dispose() {} }) };
  const levels = {
    onDidChange: () => ({ dispose() {} }), refresh: () => undefined, levelInForce: async () => inForce,
    levelAfterUnmute: () => 'watch', levelBeforeMute: () => 'watch',
  } as unknown as NotificationSettingsService;
  return new NotificationStatusBar(account, { resolve: async () => ({ scope, name: 'project acme/web' }) }, levels, { report: () => undefined });
}

const projectAt = (own: string, ...above: Array<[LevelInForce['chain'][number]['kind'], string, string]>): LevelInForce => {
  const chain = [{ kind: 'project' as const, name: 'acme/web', level: own }, ...above.map(([kind, name, level]) => ({ kind, name, level }))];
  const decidedBy = chain.findIndex((link, index) => link.level !== 'global' || index === chain.length - 1);
  return { level: chain[decidedBy].level, chain, decidedBy };
};

describe('the status bar\'s level pick', () => {
  beforeEach(() => fake.reset());

  it('opens on the level set now, each level with the editor\'s one-line explanation', async () => {
    await statusBar(PROJECT, projectAt('mention', ['global', '', 'watch'])).pickLevel();
    const pick = fake.shown.find((entry) => entry.kind === 'quickPick');
    assert.ok(pick?.kind === 'quickPick');
    const levels = pick.items.filter((item) => item.detail !== undefined && LEVEL_ORDER.some((level) => item.label.endsWith(WORDS[level].label)));
    // The first item is the one the pick opens on (active): the level in force, not "Global".
    assert.equal(pick.items[0].label, '$(check) On mention');
    assert.equal(pick.items[0].description, 'current');
    assert.equal(levels.length, LEVEL_ORDER.length);
    for (const level of LEVEL_ORDER) {
      const item = levels.find((candidate) => candidate.label.endsWith(WORDS[level].label));
      assert.equal(item?.detail, WORDS[level].detail, level);
    }
    const mute = pick.items.find((item) => item.label.endsWith('Mute'));
    assert.equal(mute?.detail, 'Disabled until you unmute; the level before is kept');
  });

  it('a project at Global opens on Global and says what it inherits', async () => {
    await statusBar(PROJECT, projectAt('global', ['group', 'acme', 'watch'], ['global', '', 'participating'])).pickLevel();
    const pick = fake.shown.find((entry) => entry.kind === 'quickPick');
    assert.ok(pick?.kind === 'quickPick');
    assert.equal(pick.items[0].label, '$(check) Global');
    assert.equal(pick.items[0].description, 'current: Watch (acme)');
  });
});

describe('levelPickEntries', () => {
  const entries = (own: string, scopeKind: 'global' | 'group' | 'project' = 'project') =>
    levelPickEntries({ own, scopeKind, inForce: WORDS[own]?.label ?? own, levelBeforeMute: 'watch' }, t);

  it('puts the level set now first, then the others in GitLab\'s order', () => {
    assert.deepEqual(entries('custom').filter((entry) => entry.level).map((entry) => entry.level),
      ['custom', 'global', 'watch', 'participating', 'mention', 'disabled']);
    assert.deepEqual(entries('participating', 'global').filter((entry) => entry.level).map((entry) => entry.level),
      ['participating', 'watch', 'mention', 'custom', 'disabled']);
  });

  it('muted: Unmute says which level comes back', () => {
    const unmute = entries('disabled').find((entry) => entry.action === 'mute');
    assert.deepEqual([unmute?.label, unmute?.detail], ['Unmute', 'Back to Watch, the level before the mute']);
  });

  it('shows a level this version does not know as the current one, without offering to set it', () => {
    const [first, ...rest] = entries('sometimes');
    assert.equal(first.label, 'sometimes');
    assert.equal(first.description, 'current');
    assert.equal(first.level, undefined);
    assert.equal(rest.filter((entry) => entry.level).length, LEVEL_ORDER.length);
  });
});

describe('the status bar\'s scope when the account changes during a read', () => {
  beforeEach(() => fake.reset());

  it('shows the scope of the account now active, not the one a read under way started with', async () => {
    const listeners: Array<() => void> = [];
    const account = { signedIn: true, instanceUrl: 'https://first.example.com', onDidChange: (listener: () => void) => {
      listeners.push(listener);
      return { dispose() {} };
    } };
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    // The first instance knows no project of the workspace (global); the second names it. The first read is held.
    const scopes = {
      resolve: async () => {
        if (account.instanceUrl === 'https://first.example.com') {
          await held;
          return { scope: { kind: 'global' } as Scope, name: 'global settings' };
        }
        return { scope: PROJECT, name: 'project acme/web' };
      },
    };
    const levels = {
      onDidChange: () => ({ dispose() {} }), refresh: () => undefined,
      levelInForce: async (scope: Scope) => (scope.kind === 'project' ? projectAt('watch') : { level: 'participating', chain: [{ kind: 'global', name: '', level: 'participating' }], decidedBy: 0 }),
    } as unknown as NotificationSettingsService;
    const bar = new NotificationStatusBar(account, scopes, levels, { report: () => undefined });
    const item = fake.statusBarItems.at(-1)!;

    const first = bar.refresh();
    account.instanceUrl = 'https://second.example.com';
    for (const listener of listeners) listener();
    await new Promise((resolve) => setImmediate(resolve));
    release();
    await first;
    await new Promise((resolve) => setImmediate(resolve));

    assert.match(String(item.tooltip), /project acme\/web/, `the bar shows ${String(item.tooltip)}`);
    assert.equal(item.visible, true);
  });
});
