/** Every account, every page: the rows of that section of docs/protections.md. */
import { T, edit, type Section } from '../model';

const SERVICE = `${T}/app/todos/todoService.test.ts`;
const MARK_ALL = `${T}/app/todos/todoMarkAll.test.ts`;
const SESSION = `${T}/ui/session.test.ts`;
const TODO_GROUPS = `${T}/app/todos/todoGroups.test.ts`;
const FINE_GRAINED = `${T}/gitlab/fineGrained.test.ts`;
const IDENTITY = `${T}/ui/sessionIdentity.test.ts`;
const MIGRATION = `${T}/app/accountStateMigration.test.ts`;
const SNOOZE_ACCOUNTS = `${T}/app/settings/snoozeAccounts.test.ts`;
const WORKING_HOURS = `${T}/app/todos/workingHours.test.ts`;

export const section: Section = {
  breaks: [
    {
      protection: 'Mark All marks every pending to-do the filter matches',
      part: 'the service marks the rows shown',
      edits: [edit('src/app/todos/todoService.ts', 'const result = await markAllDone(account.todos, { list, filter, keep: this.current.keep }, features);',
        'const result = { ...(await markTodosDone(account.todos, shown, { features })), count: shown.length, cut: false };')],
      specs: [SERVICE],
      tests: ['Undo restores every to-do GitLab marked, not the page that was shown'],
    },
    {
      protection: 'Mark All marks every pending to-do the filter matches',
      part: 'the ids of the first page only',
      edits: [edit('src/app/todos/todoMarkAll.ts', 'for (let pages = 0; next !== undefined && pages < MARK_ALL_MAX_PAGES; pages++) {', 'for (let pages = 0; next !== undefined && pages < 1; pages++) {')],
      specs: [MARK_ALL],
      tests: ['the matching ids page by page (never the whole list), then marked'],
    },
    {
      protection: 'Mark All reads at most 100 pages of ids',
      edits: [edit('src/app/todos/todoMarkAll.ts', 'for (let pages = 0; next !== undefined && pages < MARK_ALL_MAX_PAGES; pages++) {', 'for (let pages = 0; next !== undefined; pages++) {')],
      specs: [MARK_ALL],
      tests: ['reads at most its bound of pages of ids'],
    },
    {
      protection: '…and of the Snoozed list over GraphQL',
      edits: [edit('src/app/todos/todoMarkAll.ts', '    for (let pages = 0; pages < MARK_ALL_MAX_PAGES; pages++) {', '    for (let pages = 0; ; pages++) {')],
      specs: [MARK_ALL],
      tests: ['the Snoozed list over GraphQL: at most its bound of pages'],
    },
    {
      protection: 'A cursor listing ends on an empty page that names a next cursor',
      edits: [edit('src/app/lists/cursorPages.ts', 'if (next === undefined || (answer.scanned ?? answer.items.length) === 0 || trail.has(next)) return undefined;', 'if (next === undefined || trail.has(next)) return undefined;')],
      specs: [`${T}/app/lists/cursorPages.test.ts`, `${T}/app/subscriptions/subscriptionService.test.ts`, `${T}/app/subscriptions/closedSubscriptions.test.ts`],
      tests: ['ends a listing on an empty page that names a next cursor', 'leaves a segment on an empty page that names a next cursor', 'a server whose pages are empty but always name a next cursor', 'against empty pages that always name a next cursor'],
    },
    {
      protection: '…or on a cursor it named before',
      edits: [edit('src/app/lists/cursorPages.ts', 'if (next === undefined || (answer.scanned ?? answer.items.length) === 0 || trail.has(next)) return undefined;', 'if (next === undefined || (answer.scanned ?? answer.items.length) === 0) return undefined;')],
      specs: [`${T}/app/lists/cursorPages.test.ts`],
      tests: ['ends a listing on an empty page that names a next cursor, and on a cursor it was at before', 'or on a cursor it named before, for the next segment'],
    },
    {
      protection: 'Mark One To-Do as Done finds the row\'s shown to-dos through a set of ids',
      edits: [edit('src/ui/todos/todoCommands.ts', 'const todos = node.group.todos.filter((todo) => shown.has(todo.id));',
        'const todos = node.group.todos.filter((todo) => service.shownTodos(node.instance).some((one) => one.id === todo.id));')],
      specs: [`${T}/ui/todoView.test.ts`],
      tests: ['Mark One To-Do as Done on a row of 20,000 to-dos'],
    },
    {
      protection: 'Undo of Mark All restores exactly what GitLab marked',
      edits: [edit('src/app/todos/todoService.ts', 'outcome.undoable.push({ account, ids: result.changed });', 'outcome.undoable.push({ account, ids: shown });')],
      specs: [SERVICE],
      tests: ['Undo restores every to-do GitLab marked, not the page that was shown'],
    },
    {
      protection: 'The badge is GitLab\'s count (`X-Total`), not the loaded rows',
      edits: [edit('src/app/todos/todoService.ts', 'const counted = this.counts.of(account.key);', 'const counted = whole ? undefined : this.counts.of(account.key);')],
      specs: [SERVICE],
      tests: ['counts what GitLab counts (X-Total), not the rows loaded'],
    },
    {
      protection: 'The badge follows the last count asked for',
      edits: [edit('src/app/todos/todoCounts.ts', '        if (turn !== this.turn) return;\n', '')],
      specs: [`${T}/app/todos/todoCounts.test.ts`],
      tests: ['a count read earlier that answers last changes nothing'],
    },
    {
      protection: 'A polled to-do joins Pending at once',
      edits: [edit('src/ui/todos/newTodoNotifier.ts', '      this.todos.arrived(instance, found.filter((entry) => entry.instance === instance).map((entry) => entry.todo));\n', '')],
      specs: [`${T}/ui/newTodoNotifier.test.ts`],
      tests: ['a to-do it finds joins the Pending list at once'],
    },
    {
      protection: 'Hidden to-dos keyed by account and id',
      edits: [edit('src/app/lists/listStore.ts', '    const hidden = this.hidden.get(key);\n    return listRows(', '    const hidden = new Set([...this.hidden.values()].flatMap((set) => [...set]));\n    return listRows(')],
      specs: [`${T}/app/lists/listStore.test.ts`],
      tests: ['hides items of one list at once and shows them again'],
    },
    {
      protection: 'Snoozes, mute memory, kept pages and seen markers keyed by account',
      part: 'one key for every user of an instance',
      edits: [edit('src/app/accountKey.ts', 'return `${normalizeInstanceUrl(instance)}#${userId}` as AccountKey;', 'return `${normalizeInstanceUrl(instance)}#1` as AccountKey;')],
      specs: [SNOOZE_ACCOUNTS],
      tests: ['alice\'s snooze that ends while bob is signed in waits', 'the level before a mute is remembered per user'],
    },
    {
      protection: 'Snoozes, mute memory, kept pages and seen markers keyed by account',
      part: 'the view keeps pages and markers under the instance',
      edits: [edit('src/app/activity/keptActivity.ts', 'return this.accounts.get(instance);', 'return instance as AccountKey;')],
      specs: [`${T}/app/activity/activityService.test.ts`],
      tests: ['keeps a page for the account it was loaded for'],
    },
    {
      protection: 'Snoozes, mute memory, kept pages and seen markers keyed by account',
      part: 'an account\'s markers outlive its sign-out',
      edits: [edit('src/app/activity/seenMarkers.ts', 'if (account && (accounts.has(account.account) || waiting.has(account.instance))) kept[key] = sources;', 'kept[key] = sources;')],
      specs: [`${T}/app/activity/seenMarkers.test.ts`],
      tests: ['keeps each account\'s markers apart, and only signed-in accounts keep theirs'],
    },
    {
      protection: 'Catch Up seen marks bounded in bytes as stored',
      edits: [edit('src/app/activity/seenMarkers.ts', '    if (this.bounds.bytes !== undefined) keepWithinBytes(sources, this.bounds.bytes);\n', '')],
      specs: [`${T}/app/catchUp/seenThings.test.ts`],
      tests: ['stores at most its bounds of things and bytes an account'],
    },
    {
      protection: 'Catch Up seen marks of an account signed out go at the session change',
      edits: [edit('src/app/catchUp/catchUpService.ts', '    void this.deps.seen.keepOnly(accounts, waiting);\n', '    void accounts; void waiting;\n')],
      specs: [`${T}/app/catchUp/catchUpService.test.ts`],
      tests: ['at sign-out the account\'s seen marks go'],
    },
    {
      protection: 'A seen mark the store refused is not kept in memory',
      edits: [edit('src/app/activity/seenMarkers.ts', '      if (this.markers[account] === sources) this.markers = before;\n', '')],
      specs: [`${T}/app/catchUp/catchUpService.test.ts`],
      tests: ['a refusal puts the row back'],
    },
    {
      protection: 'Sign-out removes what the account marked seen in the Catch Up view',
      edits: [edit('src/app/accountStateMigration.ts', 'for (const key of [STATE_KEYS.seen, STATE_KEYS.catchUpSeen]) {', 'for (const key of [STATE_KEYS.seen]) {')],
      specs: [`${T}/app/catchUp/seenThings.test.ts`],
      tests: ['keeps each account\'s marks apart; one signed out keeps none'],
    },
    {
      protection: 'Catch Up counts an event read by two feeds once',
      edits: [edit('src/app/catchUp/thingGroups.ts', '      if (counted.has(id)) continue;\n', '')],
      specs: [`${T}/app/catchUp/thingGroups.test.ts`],
      tests: ['each thing once, each event once', 'every new event lands once'],
    },
    {
      protection: 'Kept pages bounded in bytes and cut as shown',
      part: 'no byte bound',
      edits: [edit('src/app/lists/earlierPages.ts', '        if (bytes + size + itemSize > MAX_EARLIER_BYTES) break;\n', '')],
      specs: [`${T}/app/activity/earlierPages.test.ts`],
      tests: ['stores only what a row and its tooltip use, cut as they cut it, and at most its byte bound'],
    },
    {
      protection: 'Kept pages bounded in bytes and cut as shown',
      part: 'kept whole',
      edits: [edit('src/app/activity/keptEvent.ts', 'export function keptEvent(event: GitLabEvent): GitLabEvent {\n', 'export function keptEvent(event: GitLabEvent): GitLabEvent {\n  if (event) return event;\n')],
      specs: [`${T}/app/activity/earlierPages.test.ts`],
      tests: ['stores only what a row and its tooltip use, cut as they cut it, and at most its byte bound'],
    },
    {
      protection: 'Kept pages of an account that signed out or is gone at start removed',
      edits: [edit('src/app/activity/keptActivity.ts', 'await Promise.all([this.earlier.keepOnly(accounts, waiting), this.seen.keepOnly(accounts, waiting)]);', 'await this.seen.keepOnly(accounts, waiting);')],
      specs: [`${T}/app/activity/activityService.test.ts`],
      tests: ['keeps no kept first page of an account found gone at start'],
    },
    {
      protection: 'A remembered user counts only beside its token',
      edits: [edit('src/app/knownInstances.ts', 'if (entry) return entry.check === check ? identityOf(key, token, entry) : {};', 'if (entry) return identityOf(key, token, entry);')],
      specs: [SESSION],
      tests: ['a remembered user counts only beside the token it was found with'],
    },
    {
      protection: 'An account on a server without `/user`',
      edits: [edit('src/app/knownInstances.ts', "    if (userIsUnknowable(error)) return 'unknowable';\n", '')],
      specs: [IDENTITY],
      tests: ['an environment token finds that /user is missing once'],
    },
    {
      protection: '…and at sign-in, where the token check found `/user` missing',
      edits: [edit('src/ui/session.ts', "const identified = await this.identify(fresh, user ?? 'unknowable');", 'const identified = user ? await this.identify(fresh, user) : fresh;')],
      specs: [IDENTITY],
      tests: ['two tokens are two accounts', 'Toggle Mute twice gives the level before back'],
    },
    {
      protection: 'A token\'s account is a digest, never the token',
      edits: [edit('src/app/accountKey.ts', 'return `${key}#${TOKEN_PREFIX}${digest}` as AccountKey;', 'return `${key}#${TOKEN_PREFIX}${token}` as AccountKey;')],
      specs: [MIGRATION, IDENTITY],
      tests: ['a token\'s account: one per token and instance', 'two tokens are two accounts'],
    },
    {
      protection: 'An instance key or other text is not taken where an account key is wanted',
      by: 'typecheck',
      edits: [edit('src/app/accountKey.ts', 'export type AccountKey = string & { readonly [accountKeyBrand]: true };', 'export type AccountKey = string;')],
      specs: [],
      tests: ['test/unit/app/accountStateMigration.test.ts(', "Unused '@ts-expect-error' directive"],
    },
    {
      protection: 'Sign-out removes what was kept for the account',
      edits: [edit('src/ui/session.ts', '    if (account) await forgetAccountState(this.state, account);\n', '')],
      specs: [IDENTITY],
      tests: ['sign-out removes what was kept for the token\'s account'],
    },
    {
      protection: 'A first page kept again when it changed, on a server that sends no event ids',
      edits: [edit('src/app/activity/keptActivity.ts', 'event.id ?? JSON.stringify([event.created_at, event.action_name, event.target_type, event.target_id, event.target_title])', "event.id ?? ''")],
      specs: [`${T}/app/activity/activityService.test.ts`],
      tests: ['keeps a changed first page again on a server that sends no ids'],
    },
    {
      protection: 'State an earlier version kept per instance goes only where the entry proves whose it is',
      edits: [edit('src/app/accountStateMigration.ts', 'else await moveSnooze(store, accountKey(instance, userId), snooze as object);', 'else unassigned.push(snooze);')],
      specs: [MIGRATION],
      tests: ['a snooze that recorded its maker moves to that person\'s account'],
    },
    {
      protection: '…a snooze that recorded none is never ended into anyone\'s settings unasked',
      edits: [edit('src/app/settings/snooze.ts', "this.endings.fire({ kind: 'unclaimed', snooze, account: key });", 'await this.settings.save(snooze.scope, updateTo(snooze.previous));')],
      specs: [SNOOZE_ACCOUNTS],
      tests: ['an earlier version\'s snooze that names no one'],
    },
    {
      protection: '…the answer is the asked account\'s',
      edits: [edit('src/app/settings/snooze.ts', 'if (this.key() !== account || !this.account.signedIn) throw', 'if (!this.account.signedIn) throw')],
      specs: [SNOOZE_ACCOUNTS],
      tests: ['an earlier version\'s snooze that names no one'],
    },
    {
      protection: '…levels before mutes, kept pages and seen markers, which name no one, are dropped',
      edits: [edit('src/app/accountStateMigration.ts', '  await dropPages(store, log);\n  await dropMarkers(store, log);\n', '')],
      specs: [MIGRATION],
      tests: ['a snooze that recorded its maker moves to that person\'s account'],
    },
    {
      protection: 'The token masked in every answer\'s text, GraphQL `errors` included',
      edits: [edit('src/gitlab/transport.ts', 'text: redact(answer.text, [this.options.token()])', 'text: answer.status >= 400 ? redact(answer.text, [this.options.token()]) : answer.text')],
      specs: [`${T}/gitlab/todos.test.ts`],
      tests: ['a GraphQL `errors` answer (HTTP 200) that echoes the token'],
    },
    {
      protection: 'Quick inputs the shell creates go through `plainWindow`',
      edits: [edit('src/ui/auth/signInFlow.ts', 'const box = plainWindow.createInputBox();', 'const box = vscode.window.createInputBox();')],
      specs: [`${T}/ui/plainWindow.test.ts`],
      tests: ['only through plainWindow', 'the token step names a workspace-chosen host as text'],
    },
    {
      protection: 'Names of people one clean line',
      edits: [edit('src/app/plainText.ts', "const line = (value: unknown): string => (typeof value === 'string' ? plainLine(value) : '');", "const line = (value: unknown): string => (typeof value === 'string' ? value : '');")],
      specs: [`${T}/app/personNames.test.ts`],
      tests: ['personName: the name, else the username', 'a to-do\'s reasons, its tooltip and the Accounts menu show the author or user as one line'],
    },
    {
      protection: '`pollInterval` floor (30 s) and user-only value',
      edits: [edit('src/ui/config.ts', 'pollIntervalSeconds: pollIntervalSeconds(c.inspect<unknown>(SETTINGS.pollInterval), testPollFloor(env(TEST_POLL_FLOOR_ENV_VAR))),', 'pollIntervalSeconds: clampInt(c.get(SETTINGS.pollInterval), 120, 0, 86_400),')],
      specs: [`${T}/ui/config.test.ts`],
      tests: ['checks for news at most every 30 s', 'a lower floor only where the test environment names one'],
    },
    {
      protection: 'A fine-grained refusal names the permissions',
      edits: [
        edit('src/gitlab/messages.ts', "    if (permissions) return new GitLabError('forbidden', fineGrainedMessage(permissions), { ...details, missingPermissions: permissions });\n", ''),
        edit('src/gitlab/graphql.ts', "  if (permissions) return new GitLabError('forbidden', fineGrainedMessage(permissions), { ...details, missingPermissions: permissions });\n", ''),
      ],
      specs: [FINE_GRAINED],
      tests: ['a refusal names the permissions GitLab asks for', 'where fine-grained tokens are required', 'GraphQL says the same in `errors`'],
    },
    {
      protection: 'A fine-grained token is not refused by the token check',
      edits: [edit('src/ui/auth/signInFlow.ts', "(error.kind === 'notFound' || error.missingPermissions !== undefined)", "error.kind === 'notFound'")],
      specs: [FINE_GRAINED],
      tests: ['the token check does not refuse a fine-grained token'],
    },
    {
      protection: 'To-do tooltip bodies cut, at most 20 to-dos listed',
      edits: [
        edit('src/app/todos/todoTooltip.ts', 'for (const todo of group.todos.slice(0, MAX_TODOS_LISTED)) {', 'for (const todo of group.todos) {'),
        edit('src/app/todos/todoTooltip.ts', "escapeMarkdown(truncate((todo.body ?? '').trim(), DEFAULT_BODY_LENGTH))", "escapeMarkdown((todo.body ?? '').trim())"),
      ],
      specs: [TODO_GROUPS],
      tests: ['cuts bodies as the Activity tooltips do'],
    },
    {
      protection: 'To-do reasons built in one pass, at most ten said',
      part: 'a search of the list',
      edits: [edit('src/app/todos/todoGroups.ts', '  const reasons = new Set<string>();\n  for (const todo of group.todos) reasons.add(reasonOf(todo.action_name, personName(todo.author) || undefined, t));\n',
        '  const found: string[] = [];\n  for (const todo of group.todos) {\n    const reason = reasonOf(todo.action_name, personName(todo.author) || undefined, t);\n    if (!found.includes(reason)) found.push(reason);\n  }\n  const reasons = new Set(found);\n')],
      specs: [TODO_GROUPS],
      tests: ['builds the reasons of 100,000 to-dos of one thing, each by another author, in one pass'],
    },
    {
      protection: 'To-do reasons built in one pass, at most ten said',
      part: 'every reason said',
      edits: [edit('src/app/todos/todoGroups.ts', 'const shown = [...reasons].slice(0, MAX_REASONS);', 'const shown = [...reasons];')],
      specs: [TODO_GROUPS],
      tests: ['says at most ten distinct reasons'],
    },
    {
      protection: 'The Snoozed list blames the version only where the features say so',
      part: 'the version blamed',
      edits: [edit('src/app/todos/todoListErrors.ts', "return t('GitLab answered: {0}', inert(error.serverMessage ?? error.message));", "return t('Listing snoozed to-dos needs GitLab 17.8 or later.');")],
      specs: [`${T}/ui/todoView.test.ts`],
      tests: ['its words, not its version, are said'],
    },
    {
      protection: 'The Snoozed list blames the version only where the features say so',
      part: 'GitLab\'s answer not made plain',
      edits: [edit('src/app/todos/todoListErrors.ts', "return t('GitLab answered: {0}', inert(error.serverMessage ?? error.message));", "return t('GitLab answered: {0}', error.serverMessage ?? error.message);")],
      specs: [`${T}/ui/todoView.test.ts`],
      tests: ['its words, not its version, are said'],
    },
    {
      protection: 'Refusals of to-do actions say the fix first',
      edits: [edit('src/app/todos/todoActions.ts', "if (error.kind === 'forbidden' && error.insufficientScope && error.missingScope === 'api') {", 'if (false) {')],
      specs: [`${T}/app/todos/todoActions.test.ts`],
      tests: ['a refusal for want of `api` says the fix first, for every action'],
    },
    {
      protection: 'No title bar actions without a To-Do List',
      part: 'a title bar action without the key',
      edits: [edit('package.json', '"command": "gitlabActivity.todos.chooseList",\n          "when": "view == gitlabActivity.todos && gitlabActivity.signedIn && !gitlabActivity.todos.noList",',
        '"command": "gitlabActivity.todos.chooseList",\n          "when": "view == gitlabActivity.todos && gitlabActivity.signedIn",')],
      specs: [`${T}/ui/todoViewAccounts.test.ts`],
      tests: ['declares the key in the title bar\'s menus of the To-Do view'],
    },
    {
      protection: 'No title bar actions without a To-Do List',
      part: 'the key never set',
      edits: [edit('src/ui/todos/todoView.ts', "return vscode.commands.executeCommand('setContext', CONTEXT_KEYS.todosNoList, none);", "return vscode.commands.executeCommand('setContext', CONTEXT_KEYS.todosNoList, none && false);")],
      specs: [`${T}/ui/todoViewAccounts.test.ts`],
      tests: ['the title bar\'s actions go only when every signed-in instance has no To-Do List'],
    },
    {
      protection: 'New to-dos held outside the working hours',
      edits: [edit('src/app/todos/workingHours.ts', 'if (entry.ids.size < MAX_HELD_PER_INSTANCE) entry.ids.add(id);', 'if (entry.ids.size < Infinity) entry.ids.add(id);')],
      specs: [WORKING_HOURS],
      tests: ['keeps at most MAX_HELD_PER_INSTANCE ids per instance'],
    },
    {
      protection: 'Working hours GitLab itself cannot apply',
      edits: [edit('src/app/todos/workingHours.ts', '  } catch {\n    return true;\n  }', '  } catch {\n    return false;\n  }')],
      specs: [WORKING_HOURS],
      tests: ['delivers where it cannot decide'],
    },
    {
      protection: 'A wrong `/user/preferences` answer read within bounds',
      edits: [edit('src/gitlab/todoEndpoints.ts', 'days: days.slice(0, 7),', 'days,')],
      specs: [WORKING_HOURS],
      tests: ['reads a wrong answer as GitLab'],
    },
    {
      protection: 'A refusal for want of a fine-grained permission stops the background checks',
      edits: [edit('src/ui/polling/focusedPoller.ts', 'if (error instanceof GitLabError && error.missingPermissions) {', 'if (error instanceof GitLabError && error.missingPermissions && false) {')],
      specs: [`${T}/ui/newActivityPoller.test.ts`],
      tests: ['stops when a fine-grained token lacks the permission'],
    },
    {
      protection: 'A view whose feature the token lacks a permission for shows one calm line',
      edits: [edit('src/ui/todos/todoView.ts', "if (refused) return [{ type: 'noPermission', instance, reason: refused }];", 'void refused;')],
      specs: [`${T}/ui/todoView.test.ts`],
      tests: ['a fine-grained token without read_todo'],
    },
  ],
  elsewhere: [
    {
      protection: 'The bench\'s workbench probe starts code-server as the test stage does',
      by: 'bench:smoke',
      why: 'it is the bench\'s own harness, which no unit test starts (a code-server and a browser for one probe)',
    },
  ],
};
