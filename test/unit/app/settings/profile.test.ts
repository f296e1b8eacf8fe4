import { updateTo } from '../../../../src/app/settings/shared/formState';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { formatMessage } from '../../../../src/app/localize';
import {
  applyProfile, changeCount, describeRow, diffEntry, exportedText, parseProfile, problemText, profileText, PROFILE_FORMAT,
  type ProfileEntry, type ProfileProblem, type ScopeDiff,
} from '../../../../src/app/settings/profile';
import { NotificationSettingsService } from '../../../../src/app/settings/notificationSettingsService';
import { scopeKey } from '../../../../src/app/settings/shared/scopes';
import { NOTIFICATION_LEVELS, RESERVED_REQUEST_PARAMETERS, type NotificationSetting } from '../../../../src/gitlab/types';
import { fixedAccount } from '../../../../src/app/activeAccount';
import { FakeMemento } from '../../ui/fakeVscode';
import { withSettingsDouble } from './settingsDouble';

const t = formatMessage;

function file(scopes: unknown[], extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ format: PROFILE_FORMAT, version: 1, scopes, ...extra });
}

function problems(text: string): ProfileProblem[] {
  const result = parseProfile(text, t);
  assert.ok('problems' in result, `expected problems, parsed ${JSON.stringify(result)}`);
  return result.problems;
}

function entries(text: string): ProfileEntry[] {
  const result = parseProfile(text, t);
  assert.ok('entries' in result, `expected entries, got ${JSON.stringify(result)}`);
  return result.entries;
}

describe('notification profile: file format', () => {
  it('writes a versioned file with scopes by full path, and reads it back', () => {
    const text = profileText([
      { scope: { kind: 'global' }, setting: { level: 'participating', notification_email: 'me@example.com' } },
      { scope: { kind: 'group', id: 7 }, path: 'acme', setting: { level: 'watch' } },
      { scope: { kind: 'group', id: 9 }, setting: { level: 'mention' } },
      { scope: { kind: 'project', id: 'acme/web' }, path: 'acme/web', setting: { level: 'custom', events: { new_note: true, new_issue: false, issue_due: null } } },
    ], 'https://gitlab.example.com', '2026-11-25T09:00:00.000Z');
    const data = JSON.parse(text) as Record<string, unknown>;
    assert.equal(data.format, PROFILE_FORMAT);
    assert.equal(data.version, 1);
    assert.deepEqual(data.scopes, [
      { scope: 'global', level: 'participating' },
      { scope: 'group', path: 'acme', level: 'watch' },
      { scope: 'group', id: 9, level: 'mention' },
      { scope: 'project', path: 'acme/web', level: 'custom', events: { new_note: true, new_issue: false, issue_due: null } },
    ]);
    assert.ok(!text.includes('me@example.com'), 'the e-mail address is not part of a profile');
    assert.deepEqual(entries(text), [
      { scope: { kind: 'global' }, level: 'participating' },
      { scope: { kind: 'group', id: 'acme' }, level: 'watch' },
      { scope: { kind: 'group', id: 9 }, level: 'mention' },
      { scope: { kind: 'project', id: 'acme/web' }, level: 'custom', events: { new_note: true, new_issue: false, issue_due: null } },
    ]);
  });

  it('keeps event keys it does not know', () => {
    const [entry] = entries(file([{ scope: 'project', path: 'a/b', level: 'custom', events: { new_note: true, future_event: false } }]));
    assert.deepEqual(entry.events, { new_note: true, future_event: false });
    assert.deepEqual(updateTo(entry), { level: 'custom', events: { new_note: true, future_event: false } });
  });

  it('refuses invalid values with the key and the reason, all of them at once, each entry named by the scope it names', () => {
    assert.deepEqual(problems(file([
      { scope: 'project', path: 'a/b', level: 'loud' },
      { scope: 'project', path: 'a/b', level: 'custom', events: { new_note: 'yes', 'Bad Key': true } },
      { scope: 'team', path: 'x', level: 'watch' },
      { scope: 'project', path: 'web', level: 'watch' },
      { scope: 'group', level: 'watch' },
      { scope: 'group', id: -1, level: 'watch' },
      { scope: 'global', level: 'global', colour: 'red' },
      'scope',
    ])).map((problem) => problemText(problem, t)), [
      'project a/b (scopes[0]) level: "loud" is not a notification level',
      'project a/b (scopes[1]) events.new_note: must be true, false or null, not "yes"',
      'project a/b (scopes[1]) events: "Bad Key" is not an event name',
      // An entry that names no scope the file could mean is named by its place alone.
      'scopes[2].scope: "team" is not one of global, group, project',
      'project web (scopes[3]) path: a project path has its namespace: group/project',
      'scopes[4]: needs a path or an ID (one of them)',
      'scopes[5].id: -1 is not a GitLab ID',
      'global settings (scopes[6]) colour: not part of the profile format',
      'global settings (scopes[6]) level: global settings cannot defer to themselves',
      'scopes[7]: must be an object',
    ]);
    assert.deepEqual(problems(file([{ scope: 'group', id: 7, level: 'loud' }])),
      [{ key: 'scopes[0].level', reason: '"loud" is not a notification level', scope: 'group 7' }]);
    assert.equal(problemText({ key: 'format', reason: 'must be "x"' }, t), 'format: must be "x"');
  });

  it('refuses other formats, newer versions, duplicates and broken JSON', () => {
    assert.deepEqual(problems('{"scopes": ['), [{ key: '(file)', reason: problems('{"scopes": [')[0].reason }]);
    assert.match(problems('{"scopes": [')[0].reason, /^not valid JSON: /);
    assert.deepEqual(problems('[]'), [{ key: '(file)', reason: 'not a JSON object' }]);
    assert.deepEqual(problems(JSON.stringify({ format: 'other', version: 2, scopes: [] })), [
      { key: 'format', reason: `must be "${PROFILE_FORMAT}"` },
      { key: 'version', reason: 'version 2 is newer than this extension reads (1)' },
      { key: 'scopes', reason: 'must be a non-empty list' },
    ]);
    assert.deepEqual(problems(file([{ scope: 'group', path: 'acme', level: 'watch' }, { scope: 'group', path: 'acme', level: 'mention' }])),
      [{ key: 'scopes[1]', reason: 'listed twice', scope: 'group acme' }]);
    assert.deepEqual(problems(file(Array.from({ length: 1001 }, (_, index) => ({ scope: 'group', id: index + 1, level: 'watch' })))),
      [{ key: 'scopes', reason: 'more than 1000 scopes' }]);
    assert.deepEqual(problems(JSON.stringify({ format: PROFILE_FORMAT, version: 1 })), [{ key: 'scopes', reason: 'missing' }]);
  });

  it('refuses a file whose event keys are not shaped like event names, naming each; reserved names are read', () => {
    const long = `a${'b'.repeat(64)}`;
    assert.deepEqual(problems(file([{ scope: 'project', path: 'a/b', level: 'custom', events: {
      sudo: true, private_token: false, level: true, notification_email: true, 'Foo-Bar': true, 'a&b=c': true, [long]: true,
    } }])), ['"Foo-Bar"', '"a&b=c"', JSON.stringify(long.slice(0, 64))]
      .map((name) => ({ key: 'scopes[0].events', reason: `${name} is not an event name`, scope: 'project a/b' })));
    // Shaped like event names: read, and left to the import to leave out (see the tests against the GitLab double).
    assert.deepEqual(entries(file([{ scope: 'global', level: 'custom', events: { sudo: true, level: true } }]))[0].events, { sudo: true, level: true });
  });

  it('never throws and never lets a key reach the prototype, whatever the file holds (property)', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => {
      const result = parseProfile(file([{ scope: 'project', path: 'a/b', level: 'custom', events: value }]), t);
      if ('entries' in result) {
        const events = result.entries[0].events ?? {};
        return Object.getPrototypeOf(events) === Object.prototype && Object.values(events).every((v) => v === null || typeof v === 'boolean');
      }
      return result.problems.every((p) => p.key.startsWith('scopes[0]') && p.reason.length > 0);
    }));
    // A file can spell `__proto__` as a key (JSON.stringify of a parsed object cannot): refused by name.
    const text = file([{ scope: 'project', path: 'a/b', level: 'custom', events: {} }]).replace('"events":{}', '"events":{"__proto__":true}');
    assert.deepEqual(problems(text), [{ key: 'scopes[0].events', reason: '"__proto__" is not an event name', scope: 'project a/b' }]);
    // Names an object has from its prototype are plain keys: an event of that name is kept, a field is refused.
    const [entry] = entries(file([{ scope: 'project', path: 'a/b', level: 'custom', events: JSON.parse('{"constructor":true}') as unknown }]));
    assert.ok(Object.hasOwn(entry.events ?? {}, 'constructor') && Object.getPrototypeOf(entry.events) === Object.prototype);
    assert.deepEqual(problems(file([JSON.parse('{"scope":"global","level":"watch","constructor":1}') as unknown])),
      [{ key: 'scopes[0].constructor', reason: 'not part of the profile format', scope: 'global settings' }]);
  });

  it('round-trips any valid setting (property)', () => {
    const setting = fc.record({
      level: fc.constantFrom(...NOTIFICATION_LEVELS.filter((l) => l !== 'global')),
      events: fc.option(fc.dictionary(fc.stringMatching(/^[a-z][a-z0-9_]{0,20}$/), fc.constantFrom(true, false, null)).map((d) => ({ ...d })), { nil: undefined }),
    });
    fc.assert(fc.property(setting, ({ level, events }) => {
      const text = profileText([{ scope: { kind: 'project', id: 5 }, path: 'g/p', setting: events ? { level, events } : { level } }], 'x', 'y');
      const [entry] = entries(text);
      assert.deepEqual(entry, events ? { scope: { kind: 'project', id: 'g/p' }, level, events } : { scope: { kind: 'project', id: 'g/p' }, level });
    }));
  });
});

describe('notification profile: preview and apply', () => {
  const gitlab = withSettingsDouble();
  const PROJECT = { kind: 'project', id: 'acme/website' } as const;
  const entry: ProfileEntry = { scope: PROJECT, level: 'custom', events: { new_note: true, new_issue: false, failed_pipeline: null, future_event: true } };

  it('shows per field what would change, before → after, in the settings editor\'s words', () => {
    const current: NotificationSetting = { level: 'custom', events: { new_note: false, new_issue: false, failed_pipeline: true } };
    const diff = diffEntry(entry, current);
    assert.deepEqual(diff.rows.map((row) => describeRow(row, t)), ['Comment is added: off → on']);
    assert.deepEqual(diff.notSent, ['future_event'], 'unknown to this version and not returned for the scope: not sent');
    // A key this version does not know goes by its name; a switch never set says what GitLab does with it.
    assert.deepEqual(diffEntry(entry, { level: 'custom', events: { ...current.events, future_event: null } }).rows.map((row) => describeRow(row, t)),
      ['Comment is added: off → on', 'future_event: default (off) → on'], 'a key GitLab returned for the scope is sent');
    assert.deepEqual(diffEntry(entry, { level: 'mention' }).rows.map((row) => describeRow(row, t)),
      ['Level: On mention → Custom', 'Comment is added: (not shown) → on', 'Issue is created: (not shown) → off']);
    assert.deepEqual(diffEntry({ scope: PROJECT, level: 'watch' }, { level: 'watch' }).rows, []);
  });

  it('counts changes and exported scopes in words that agree with the number', () => {
    assert.deepEqual([0, 1, 3].map((count) => changeCount(count, t)), ['0 changes', '1 change', '3 changes']);
    assert.equal(exportedText(1, '/p.json', t), 'Exported the notification profile of 1 scope to /p.json.');
    assert.equal(exportedText(2, '/p.json', t), 'Exported the notification profile of 2 scopes to /p.json.');
  });

  /** The one owner of settings, over the double's client, as the extension builds it. */
  const service = () => new NotificationSettingsService(fixedAccount(gitlab.double.url, gitlab.client), new FakeMemento());

  const previews = (list: ProfileEntry[]): Promise<ScopeDiff[]> =>
    Promise.all(list.map(async (e) => diffEntry(e, await gitlab.client.getNotificationSettings(e.scope))));

  it('applies only the confirmed scopes and reports each: applied, unchanged, skipped, failed with the reason', async () => {
    const dotfiles = { kind: 'project', id: 'alex/dotfiles' } as const;
    const forum = { kind: 'project', id: 'community/forum' } as const;
    for (const scope of [PROJECT, { kind: 'group', id: 'acme' } as const, dotfiles, forum]) gitlab.set(scope, 'watch');
    // Gone from GitLab between the preview and the import.
    gitlab.double.inject({ fault: { kind: 'status', status: 404, body: '{"message":"404 Project Not Found"}' }, method: 'PUT', path: '/projects/community/forum/notification_settings' });
    const list: ProfileEntry[] = [
      entry,
      { scope: { kind: 'group', id: 'acme' }, level: 'watch' },
      { scope: dotfiles, level: 'disabled' },
      { scope: forum, level: 'mention' },
      { scope: { kind: 'global' }, level: 'watch' },
    ];
    const shown = await previews(list);
    const confirmed = new Set([scopeKey(PROJECT), 'group:acme', scopeKey(forum), 'global']);
    const reports = await applyProfile(shown, confirmed, service(), t);
    assert.deepEqual(reports.map((r) => [scopeKey(r.scope), r.status, r.reason]), [
      ['project:acme/website', 'applied', 'not sent: unknown to GitLab here and to this extension: future_event'],
      ['group:acme', 'unchanged', undefined],
      ['project:alex/dotfiles', 'skipped', undefined],
      ['project:community/forum', 'failed', 'Not found on GitLab (404 Project Not Found). Check the ID or path, and that your account can see it.'],
      ['global', 'applied', undefined],
    ]);
    assert.deepEqual(gitlab.stored(PROJECT), { level: 'custom', events: { new_note: true, new_issue: false } });
    assert.equal(gitlab.levelOf(dotfiles), 'watch', 'not confirmed: not written');
    assert.equal(gitlab.levelOf({ kind: 'global' }), 'watch', 'the scopes after a failure still apply');
    // Only what changes is sent, and only switches this version knows or GitLab returned for the scope.
    assert.deepEqual(gitlab.puts().find(([path]) => path === '/projects/acme/website/notification_settings')?.[1],
      { level: 'custom', new_note: 'true', new_issue: 'false' });
  });

  it('does not write a scope that changed at GitLab since the preview', async () => {
    gitlab.set(PROJECT, 'watch');
    const shown = await previews([{ scope: PROJECT, level: 'mention' }]);
    gitlab.set(PROJECT, 'disabled');
    const [report] = await applyProfile(shown, new Set([scopeKey(PROJECT)]), service(), t);
    assert.equal(report.status, 'failed');
    assert.match(report.reason ?? '', /changed at GitLab since the preview/);
    assert.equal(gitlab.levelOf(PROJECT), 'disabled');
    assert.deepEqual(gitlab.puts(), []);
  });

  it('does not write a scope changed at GitLab between its last read and the write', async () => {
    gitlab.set(PROJECT, 'watch');
    const shown = await previews([{ scope: PROJECT, level: 'mention' }]);
    const owner = service();
    const settings = {
      getSetting: async (...args: Parameters<NotificationSettingsService['getSetting']>) => {
        const setting = await owner.getSetting(...args);
        gitlab.set(PROJECT, 'participating'); // someone else, right after the check
        return setting;
      },
      save: owner.save.bind(owner),
    };
    const [report] = await applyProfile(shown, new Set([scopeKey(PROJECT)]), settings, t);
    assert.equal(report.status, 'failed');
    assert.match(report.reason ?? '', /changed at GitLab since the preview/);
    assert.equal(gitlab.levelOf(PROJECT), 'participating');
    assert.deepEqual(gitlab.puts(), []);
  });

  it('reports a level GitLab did not take as failed', async () => {
    const settings = {
      getSetting: async () => ({ level: 'watch' }),
      save: async () => ({ setting: { level: 'watch' }, written: true }),
    };
    const shown = [diffEntry({ scope: PROJECT, level: 'mention' }, { level: 'watch' })];
    const [report] = await applyProfile(shown, new Set([scopeKey(PROJECT)]), settings, t);
    assert.deepEqual([report.status, report.reason], ['failed', 'GitLab answered with level watch instead of mention']);
  });
});

describe('notification profile: a hostile profile against the GitLab double', () => {
  const gitlab = withSettingsDouble();
  let settings: NotificationSettingsService;

  /** Reads, previews and applies every scope of `text`, as the import command does. */
  async function importProfile(text: string): Promise<{ shown: ScopeDiff[]; reports: Array<[string, string, string | undefined]> }> {
    const shown: ScopeDiff[] = [];
    for (const item of entries(text)) shown.push(diffEntry(item, await settings.getSetting(item.scope, undefined, { fresh: true })));
    const reports = await applyProfile(shown, new Set(shown.map((diff) => scopeKey(diff.entry.scope))), settings, t);
    return { shown, reports: reports.map((r) => [scopeKey(r.scope), r.status, r.reason]) };
  }

  beforeEach(() => {
    settings = new NotificationSettingsService(fixedAccount(gitlab.double.url, gitlab.client), new FakeMemento());
    gitlab.set({ kind: 'project', id: 'acme/website' }, 'watch');
    gitlab.set({ kind: 'group', id: 'acme' }, 'watch');
  });

  it('sends only switches this version knows or GitLab returned, never a request parameter, and names the rest', async () => {
    const { shown, reports } = await importProfile(file([
      { scope: 'project', path: 'acme/website', level: 'custom', events: {
        new_note: true, new_epic: true, sudo: true, private_token: false, access_token: true, id: true, page: true, future_event: true,
      } },
      { scope: 'group', path: 'acme', level: 'custom', events: { new_issue: false, level: true, notification_email: true, job_token: true } },
    ]));
    assert.deepEqual(shown.map((diff) => diff.notSent), [
      ['sudo', 'private_token', 'access_token', 'id', 'page', 'future_event'], ['level', 'notification_email', 'job_token'],
    ]);
    assert.deepEqual(shown.map((diff) => diff.rows.map((row) => describeRow(row, t))), [
      ['Level: Watch → Custom', 'Comment is added: (not shown) → on', 'Epic is created: (not shown) → on'],
      ['Level: Watch → Custom', 'Issue is created: (not shown) → off'],
    ]);
    assert.deepEqual(reports, [
      ['project:acme/website', 'applied', 'GitLab does not know new_epic and ignored it; '
        + 'not sent: unknown to GitLab here and to this extension: sudo, private_token, access_token, id, page, future_event'],
      ['group:acme', 'applied', 'not sent: unknown to GitLab here and to this extension: level, notification_email, job_token'],
    ]);
    // What GitLab received: the two PUTs, with the level and the event switches alone, and the token only in its header.
    const puts = gitlab.double.requests.filter((r) => r.method === 'PUT');
    assert.deepEqual(puts.map((r) => [r.path, r.query, r.auth, r.status]), [
      ['/api/v4/projects/acme/website/notification_settings', { level: 'custom', new_note: 'true', new_epic: 'true' }, 'private-token', 200],
      ['/api/v4/groups/acme/notification_settings', { level: 'custom', new_issue: 'false' }, 'private-token', 200],
    ]);
    const reserved = gitlab.double.requests.flatMap((r) => Object.keys(r.query)).filter((key) => key !== 'level' && RESERVED_REQUEST_PARAMETERS.has(key));
    assert.deepEqual(reserved, [], 'no request carried a reserved parameter');
  });

  it('names the left-out switches of a scope that has nothing else to change, and sends nothing for it', async () => {
    gitlab.set({ kind: 'project', id: 'acme/website' }, 'custom', { new_note: true });
    const { shown, reports } = await importProfile(file([
      { scope: 'project', path: 'acme/website', level: 'custom', events: { new_note: true, sudo: true, format: true, callback: true } },
    ]));
    assert.deepEqual(shown[0].rows, []);
    assert.deepEqual(reports, [['project:acme/website', 'unchanged', 'not sent: unknown to GitLab here and to this extension: sudo, format, callback']]);
    assert.deepEqual(gitlab.puts(), []);
  });
});
