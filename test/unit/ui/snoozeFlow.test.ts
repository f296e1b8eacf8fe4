import assert from 'node:assert/strict';
import { fake } from './fakeVscode';
import { SnoozeCommands } from '../../../src/ui/settings/snoozeCommands';
import { ScopeCatalog } from '../../../src/app/settings/scopeCatalog';
import { formatMessage } from '../../../src/app/localize';
import { Emitter } from '../../../src/app/emitter';
import type { Snooze, SnoozeEnding, SnoozeScheduler } from '../../../src/app/settings/snooze';
import { accountKey } from '../../../src/app/accountKey';

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 24, 10, 0);

/**
 * "Snooze Notifications…" asks in steps (what, then until when, perhaps a date or a path). Each step stays open when
 * the focus leaves it: opened over the settings editor, the focus the workbench gives back to its webview as the step
 * before closes arrives after the next step has opened, and closed it (seen in the real workbench).
 */
describe('the snooze flow\'s steps stay open when the focus moves', () => {
  beforeEach(() => fake.reset());

  function commands(snoozed: Array<{ scope: unknown; until: number }>) {
    const scheduler = {
      onDidEnd: new Emitter<SnoozeEnding>().event,
      list: () => [],
      snooze: async (scope: unknown, _name: string, until: number) => void snoozed.push({ scope, until }),
    } as unknown as SnoozeScheduler;
    const catalog = new ScopeCatalog({
      account: { get api() { return undefined; } }, settings: { getSetting: async () => ({ level: 'watch' }) },
      projects: () => [], addedGroups: () => [], localize: formatMessage,
    });
    return new SnoozeCommands(
      scheduler, { workspace: async () => undefined, catalog } as never,
      { now: () => NOW, setTimer: () => ({ dispose: () => undefined }) } as never, () => ({ offsetMinutes: () => 0 }) as never,
      { instanceUrl: 'https://gitlab.example.com', accountKey: undefined }, { report: () => undefined },
    );
  }

  const steps = () => fake.shown.filter((entry) => entry.kind === 'quickPick' || entry.kind === 'inputBox')
    .map((entry) => ({ kind: entry.kind, title: (entry.options as { title?: string }).title, ignoreFocusOut: (entry.options as { ignoreFocusOut?: boolean }).ignoreFocusOut }));

  it('Global for 1 hour: both picks', async () => {
    const snoozed: Array<{ scope: unknown; until: number }> = [];
    fake.answers.quickPick = (items) => items.find((item) => item.label.endsWith('Global') || item.label === 'For 1 Hour');
    await commands(snoozed).snooze();
    assert.deepEqual(snoozed, [{ scope: { kind: 'global' }, until: NOW + HOUR }]);
    assert.deepEqual(steps(), [
      { kind: 'quickPick', title: 'Snooze Notifications', ignoreFocusOut: true },
      { kind: 'quickPick', title: 'Snooze global settings', ignoreFocusOut: true },
    ]);
  });

  it('another project until a date: the path and the date boxes too', async () => {
    const snoozed: Array<{ scope: unknown; until: number }> = [];
    fake.answers.quickPick = (items) => items.find((item) => item.label === 'Other Project…' || item.label === 'Until a Date…');
    fake.answers.inputBox = (options) => (String(options.prompt).startsWith('Project') ? 'acme/website' : '2026-11-30');
    await commands(snoozed).snooze();
    assert.deepEqual(snoozed, [{ scope: { kind: 'project', id: 'acme/website' }, until: Date.UTC(2026, 10, 30, 9, 0) }]);
    assert.deepEqual(steps().map((step) => [step.kind, step.ignoreFocusOut]),
      [['quickPick', true], ['inputBox', true], ['quickPick', true], ['inputBox', true]]);
  });
});

describe('a snooze an earlier version made, naming no one, is put to the person: never given back unasked', () => {
  beforeEach(() => fake.reset());
  const ACCOUNT = accountKey('https://gitlab.example.com', 3);
  const snooze = { instance: 'https://gitlab.example.com', scope: { kind: 'global' }, name: 'global settings', until: NOW, previous: { level: 'watch' } } as Snooze;

  function asked(answer: string | undefined) {
    const endings = new Emitter<SnoozeEnding>();
    const calls: string[] = [];
    const scheduler = {
      onDidEnd: endings.event,
      claim: async (claimed: Snooze, account: string) => { calls.push(`claim ${claimed.name} for ${account}`); return { level: 'watch' }; },
      discard: async (discarded: Snooze) => void calls.push(`discard ${discarded.name}`),
    } as unknown as SnoozeScheduler;
    new SnoozeCommands(scheduler, {} as never, { now: () => NOW, setTimer: () => ({ dispose: () => undefined }) } as never,
      () => ({ offsetMinutes: () => 0 }) as never, { instanceUrl: 'https://gitlab.example.com', accountKey: undefined }, { report: (error) => calls.push(`failed ${String(error)}`) });
    fake.answers.message = (shown) => shown.actions.find((action) => action === answer);
    endings.fire({ kind: 'unclaimed', snooze, account: ACCOUNT });
    return calls;
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('asks, naming the scope and the instance; Restore takes it for the account asked', async () => {
    const calls = asked('Restore Watch');
    await settle();
    const [question] = fake.shown.flatMap((entry) => (entry.kind === 'warning' ? [entry] : []));
    assert.match(question.message, /^The snooze of global settings has ended\. An earlier version .* gitlab\.example\.com\?$/);
    assert.deepEqual(question.actions, ['Restore Watch', 'Forget It']);
    assert.deepEqual(calls, [`claim global settings for ${ACCOUNT}`]);
    assert.ok(fake.shown.some((entry) => entry.kind === 'information' && entry.message.includes('back to Watch')));
  });

  it('Forget It lets it go; no answer keeps it for the next start', async () => {
    const forgotten = asked('Forget It');
    await settle();
    assert.deepEqual(forgotten, ['discard global settings']);
    fake.reset();
    const unanswered = asked(undefined);
    await settle();
    assert.deepEqual(unanswered, []);
  });
});
