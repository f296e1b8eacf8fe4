import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { inert } from '../../../src/app/plainText';
import { fake, Uri } from './fakeVscode';
import { ProfileCommands, type ProfileDeps } from '../../../src/ui/settings/profileCommands';
import { MAX_PROFILE_BYTES } from '../../../src/app/settings/profile';
import { accountKey } from '../../../src/app/accountKey';
import { SnoozeCommands } from '../../../src/ui/settings/snoozeCommands';
import { SignInFlow } from '../../../src/ui/auth/signInFlow';
import { pickProject } from '../../../src/ui/activity/projectPicks';
import { accountLabel } from '../../../src/ui/auth/accountsProvider';
import type { Session } from '../../../src/ui/session';
import type { ExtensionConfig } from '../../../src/ui/config';
import type { GitLabApi, NotificationSetting, Project } from '../../../src/gitlab';
import { ScopeCatalog } from '../../../src/app/settings/scopeCatalog';
import { formatMessage } from '../../../src/app/localize';
import type { Snooze, SnoozeEnding, SnoozeScheduler } from '../../../src/app/settings/snooze';
import { makeClient } from '../gitlab/helpers';
import { Failures } from '../../../src/ui/failures';
import { Emitter } from '../../../src/app/emitter';

// VS Code's own patterns: `parseLinkedText` (messages, validation, prompts) and the codicon syntax of labels.
const LINK = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)/i;
const ICON = /\$\([a-z0-9-]+(?:~[a-z0-9-]*)?\)/i;
const HOSTILE = '[Convert this profile](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22curl%22%7D) $(zap)';

/** No live link and no icon in anything the extension put before the person; the words are all still there. */
function assertInert(texts: readonly string[], expectWords = 'Convert this profile'): void {
  assert.ok(texts.length > 0, 'nothing was shown');
  for (const text of texts) {
    assert.doesNotMatch(text, LINK, `a live link in ${JSON.stringify(text)}`);
    assert.doesNotMatch(text, ICON, `an icon in ${JSON.stringify(text)}`);
  }
  assert.ok(texts.some((text) => text.includes(expectWords)), `"${expectWords}" is not shown as text: ${JSON.stringify(texts)}`);
}

const log = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as ProfileDeps['log'];
/** The scope list while signed out: Global, and scopes named by their path or ID. */
const catalog = () => new ScopeCatalog({
  account: { get api() { return undefined; } }, settings: { getSetting: async () => ({ level: 'watch' }) }, projects: () => [], addedGroups: () => [], localize: formatMessage,
});

describe('untrusted text stays text in messages, validation, quick picks and the status bar', () => {
  beforeEach(() => fake.reset());

  describe('inert', () => {
    it('breaks command links and icons, and reads the same with the breaks removed', () => {
      const markup = fc.oneof(
        fc.tuple(fc.string(), fc.constantFrom('command:', 'https://', 'file:', 'CoMmAnD:'), fc.string()).map(([label, scheme, target]) => `[${label || 'x'}](${scheme}${target.replace(/[\s)]/g, '') || 'x'})`),
        fc.stringMatching(/^[a-z0-9-]{1,12}$/).map((name) => `$(${name})`),
        fc.constantFrom('[', ']', '(', ')', '$', '\u200b'),
      );
      fc.assert(fc.property(fc.array(fc.oneof(fc.string(), markup)).map((parts) => parts.join('')), (text) => {
        const shown = inert(text);
        assert.doesNotMatch(shown, LINK);
        assert.doesNotMatch(shown, ICON);
        assert.equal(shown.replace(/\u200b/g, ''), text.replace(/\u200b/g, ''));
        assert.equal(inert(shown), shown);
      }));
    });

    it('leaves text without link or icon syntax as it is', () => {
      assert.equal(inert('Notifications for acme/web are muted until 14:00 (was Watch).'), 'Notifications for acme/web are muted until 14:00 (was Watch).');
    });
  });

  it('the shell reaches messages, quick picks, input boxes (shown or created) and status bar messages only through plainWindow', () => {
    const root = join(__dirname, '..', '..', '..', 'src');
    const files = (dir: string): string[] => readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
    });
    const direct = /window\.(showInformationMessage|showWarningMessage|showErrorMessage|showQuickPick|showInputBox|createInputBox|createQuickPick|setStatusBarMessage)\b/;
    for (const file of files(root).filter((path) => !path.endsWith('plainWindow.ts'))) {
      assert.doesNotMatch(readFileSync(file, 'utf8'), direct, relative(root, file));
    }
  });

  describe('profile import', () => {
    const settings = (level: string): ProfileDeps['settings'] => ({
      getSetting: async (): Promise<NotificationSetting> => ({ level }),
      save: async () => { throw new Error('not in this test'); },
    });
    const commands = (level = 'watch') => new ProfileCommands({
      sources: { workspace: async () => ({ scope: { kind: 'global' }, name: 'global' }), catalog: catalog() },
      settings: settings(level), pathOf: async () => undefined, account: { instanceUrl: 'https://gitlab.example.com' }, failures: new Failures({ reportUnauthorized: () => undefined }, log), log,
    });
    const file = (scopes: unknown[]) => new TextEncoder().encode(JSON.stringify({ format: 'gitlab-activity/notification-profile', version: 1, scopes }));

    it("a refused profile's values are text in the refusal", async () => {
      fake.files.set('/p.json', file([{ scope: 'project', path: HOSTILE, level: HOSTILE, events: { [HOSTILE]: true } }]));
      await commands().import(Uri.file('/p.json'));
      const [refusal] = fake.shown;
      assert.equal(refusal.kind, 'error');
      assertInert(fake.texts());
    });

    it('reads only a file, and only one of a profile\'s size: a FIFO or a huge file is refused unread', async () => {
      fake.specialFiles.add('/fifo.json');
      await commands().import(Uri.file('/fifo.json'));
      fake.files.set('/huge.json', new Uint8Array(MAX_PROFILE_BYTES + 1));
      await commands().import(Uri.file('/huge.json'));
      assert.deepEqual(fake.reads, []);
      assert.deepEqual(fake.shown.map((entry) => entry.kind === 'error' && entry.message), [
        'Could not read /fifo.json: it is not a file.',
        'Could not read /huge.json: it is larger than a notification profile can be (1024 kB).',
      ]);
    });

    it("the preview's current level from GitLab is text in the quick pick", async () => {
      fake.files.set('/p.json', file([{ scope: 'global', level: 'watch' }]));
      await commands(HOSTILE).import(Uri.file('/p.json'));
      assert.equal(fake.shown[0].kind, 'quickPick');
      assertInert(fake.texts());
    });
  });

  it("the snooze-ended warning shows the server's level and the stored name as text", async () => {
    const endings = new Emitter<SnoozeEnding>();
    new SnoozeCommands(
      { onDidEnd: endings.event } as unknown as SnoozeScheduler,
      { workspace: async () => ({ scope: { kind: 'global' }, name: 'global' }), catalog: catalog() },
      { now: () => 0, setTimer: () => ({ dispose: () => undefined }) } as never, () => ({ offsetMinutes: () => 0 }) as never,
      { instanceUrl: 'https://gitlab.example.com', accountKey: undefined }, new Failures({ reportUnauthorized: () => undefined }, log),
    );
    const snooze = { scope: { kind: 'project', id: 'a/b' }, name: HOSTILE, until: 0, previous: { level: 'watch' } } as unknown as Snooze;
    endings.fire({ kind: 'changedElsewhere', snooze, current: { level: HOSTILE } });
    // An earlier version's snooze, naming no one, put to the person: its stored name is text there too.
    endings.fire({ kind: 'unclaimed', snooze, account: accountKey('https://gitlab.example.com', 1) });
    assert.equal(fake.shown.filter((entry) => entry.kind === 'warning').length, 2);
    assertInert(fake.texts());
  });

  describe('against a server', () => {
    let server: Server;
    let url: string;
    let answer: (path: string) => { status: number; body: unknown };
    before(async () => {
      server = createServer((request, response) => {
        const { status, body } = answer(request.url ?? '');
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    after(() => new Promise((resolve) => server.close(resolve)));

    function signInFlow(): SignInFlow {
      const clients: Array<{ close(): Promise<void> }> = [];
      const session = {
        clientFor: (instanceUrl: string) => {
          const made = makeClient(instanceUrl);
          clients.push(made);
          return made.client;
        },
        signIn: async () => true,
      } as unknown as Session;
      return new SignInFlow(session, () => ({ instanceUrl: url, instanceSource: 'user' }) as ExtensionConfig);
    }

    it("sign-in's validation message shows the server's refusal as text", async () => {
      answer = () => ({ status: 403, body: { message: `403 Forbidden - ${HOSTILE}` } });
      fake.answers.inputBox = () => url;
      const done = signInFlow().run();
      await new Promise((resolve) => setImmediate(resolve));
      const [box] = fake.inputBoxes;
      await box.accept('glpat-anything');
      assert.ok(box.validationMessage, 'no validation message');
      assertInert([box.validationMessage]);
      box.hide();
      assert.equal(await done, false);
    });

    it('the token step names a workspace-chosen host as text: no badge drawn inside "sign in only if you trust it"', async () => {
      const hostile = 'https://$(verified-filled).example.com';
      fake.answers.inputBox = () => hostile;
      const flow = new SignInFlow({ clientFor: () => makeClient(url).client, signIn: async () => true } as unknown as Session,
        () => ({ instanceUrl: hostile, instanceSource: 'workspace' }) as ExtensionConfig);
      const done = flow.run();
      await new Promise((resolve) => setImmediate(resolve));
      const [box] = fake.inputBoxes;
      const prompt = (box as unknown as { prompt?: string }).prompt ?? '';
      assert.match(prompt, /Sign in only if you trust it/);
      assertInert([prompt], 'verified-filled');
      box.hide();
      assert.equal(await done, false);
    });

    it("the signed-in toast shows the server's user name as text", async () => {
      answer = (path) => (path.endsWith('/user') ? { status: 200, body: { id: 1, username: HOSTILE, name: HOSTILE } } : { status: 404, body: {} });
      fake.answers.inputBox = () => url;
      const done = signInFlow().run();
      await new Promise((resolve) => setImmediate(resolve));
      await fake.inputBoxes[0].accept('glpat-anything');
      assert.equal(await done, true);
      assertInert(fake.texts().filter((text) => text.startsWith('Signed in')));
    });

    it("an error toast shows the server's error body as text", async () => {
      answer = () => ({ status: 400, body: { message: HOSTILE } });
      const made = makeClient(url);
      try {
        await pickProject(made.client, () => undefined);
        assertInert(fake.texts().filter((text) => text.startsWith('Could not list')));
      } finally {
        await made.close();
      }
    });
  });

  it("the project picker shows the server's project names as text, with its own icon kept", async () => {
    const project = { id: 1, name: HOSTILE, name_with_namespace: HOSTILE, path_with_namespace: 'acme/web' } as Project;
    const api = { listMyProjects: async () => ({ items: [project] }) } as unknown as GitLabApi;
    fake.answers.quickPick = (items) => items[0];
    assert.equal(await pickProject(api, () => undefined), 'acme/web');
    const pick = fake.shown.find((entry) => entry.kind === 'quickPick');
    assert.ok(pick && pick.kind === 'quickPick');
    assertInert(pick.items.slice(0, 1).map((item) => item.label));
    assert.equal(pick.items[1].label, '$(edit) Enter an ID or path…');
  });

  it("the Accounts menu shows the server's user name as text", () => {
    assertInert([accountLabel('https://gitlab.example.com', HOSTILE)]);
  });
});
