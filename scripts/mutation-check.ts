// `npm run mutation-check`: takes away each protection of docs/protections.md that a unit test guards, with the
// smallest edit of the source (a line), runs the unit tests named for it, and expects them to fail. The file is put
// back after each run, also on an error, Ctrl-C or SIGTERM; a copy of the original waits in the system's temporary
// directory until then, and a later run puts back any copy a killed run left. The result goes into
// docs/protections.md, section "Mutation check". Run on demand, not by `npm test`.
//
//   npm run mutation-check                    every break; writes the section
//   npm run mutation-check -- --only backoff  the breaks whose protection contains "backoff"; writes nothing
//   npm run mutation-check -- --dry           checks that every break still applies (each text once), runs nothing
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

/** One line of a source file replaced: `from` must occur exactly once (it may carry a neighbour line as its anchor). */
interface Edit {
  file: string;
  from: string;
  to: string;
}

interface Break {
  /** The protection, as its row in docs/protections.md begins. */
  protection: string;
  /** Usually one edit; a protection built in layers (the git file reader) needs each layer taken away. */
  edits: Edit[];
  specs: string[];
  /** Parts of the full titles of the tests expected to fail (taken literally). */
  tests: string[];
}

const root = join(__dirname, '..');
const SECTION = '## Mutation check';
const RUN_TIMEOUT_MS = 240_000;

const T = 'test/unit';
const FAULTS = `${T}/reliability/faults.test.ts`;
const CLIENT = `${T}/gitlab/client.test.ts`;
const PROTOCOL = `${T}/app/settings/protocol.test.ts`;
const HANDLER = `${T}/app/settings/settingsRequestHandler.test.ts`;
const PROPERTIES = `${T}/reliability/properties.test.ts`;
const GIT_FILES = `${T}/node/gitFiles.test.ts`;
const CLOSED = `${T}/app/subscriptions/closedSubscriptions.test.ts`;
const FEED_CLIENT = `${T}/gitlab/feeds.test.ts`;
const FEED_PLANS = `${T}/app/feeds/feedPlans.test.ts`;
const FEED_PROPERTIES = `${T}/app/feeds/mergedFeedProperties.test.ts`;
const FEED_EXAMPLES = `${T}/app/feeds/mergedFeed.test.ts`;
const edit = (file: string, from: string, to: string): Edit => ({ file, from, to });

const BREAKS: Break[] = [
  // API client (src/gitlab)
  {
    protection: 'Backoff between retries',
    edits: [edit('src/gitlab/retryPolicy.ts', 'return Math.round(ceiling * (0.25 + 0.75 * random()));', 'return 0;')],
    specs: [`${T}/gitlab/pure.test.ts`, FAULTS],
    tests: ['backs off exponentially within bounds', '429 without headers (', '502 (', '503 (', '504 (', 'reset mid-body ('],
  },
  {
    protection: 'Jitter in the backoff',
    edits: [edit('src/gitlab/retryPolicy.ts', 'return Math.round(ceiling * (0.25 + 0.75 * random()));', 'return Math.round(ceiling * (0.25 + 0.75 * 0.5));')],
    specs: [`${T}/gitlab/pure.test.ts`],
    tests: ['with jitter'],
  },
  {
    protection: '`Retry-After` / `RateLimit-Reset` honoured',
    edits: [edit('src/gitlab/transport.ts', 'const asked = response ? serverDelay(response.headers, this.now()) : undefined;', 'const asked = undefined as number | undefined;')],
    specs: [FAULTS],
    tests: ['429 + Retry-After (', '429 + RateLimit-Reset (', '429 Rack::Attack ('],
  },
  {
    protection: 'Largest body read (20 MB)',
    edits: [edit('src/gitlab/transport.ts', 'if (size > this.maxBodyBytes) {', 'if (size > Infinity) {')],
    specs: [FAULTS],
    tests: ['50 MB body ('],
  },
  {
    protection: 'Timeout',
    edits: [edit('src/gitlab/transport.ts', 'const timeout = AbortSignal.timeout(this.timeoutMs);', 'const timeout = new AbortController().signal;')],
    specs: [FAULTS],
    tests: ['latency past the timeout ('],
  },
  {
    protection: 'Same-origin redirects only',
    edits: [edit('src/gitlab/transport.ts', "if (next.origin !== this.base.origin || redirects >= MAX_REDIRECTS || method !== 'GET') {", "if (redirects >= MAX_REDIRECTS || method !== 'GET') {")],
    specs: [CLIENT, FAULTS],
    tests: ['a redirect to another origin is not followed and the token is not sent there', 'GET /notification_settings redirect to another origin (', 'GET /events redirect to another origin ('],
  },
  {
    protection: 'Response shape checks',
    edits: [edit('src/gitlab/shapes.ts', 'throw new ShapeError(`${path} should be ${expected} but is ${actual}`);', 'return undefined as never;')],
    specs: [CLIENT, `${T}/gitlab/pure.test.ts`, PROPERTIES],
    tests: ['a wrong shape of a used field', 'refuses wrong types of used fields', 'response parsing:'],
  },
  {
    protection: 'HTML or non-JSON answers',
    edits: [edit('src/gitlab/transport.ts', "if (type && !type.includes('json')) {", 'if (false) {')],
    specs: [FAULTS],
    tests: ['HTML with 200 (', 'wrong content type ('],
  },
  {
    protection: 'One path segment per ID',
    edits: [edit('src/gitlab/url.ts', 'return encodeURIComponent(text);', 'return text;')],
    specs: [CLIENT, `${T}/gitlab/pure.test.ts`, PROPERTIES],
    tests: ['encodes odd IDs so they cannot leave the API path', 'encodes full paths as one segment', 'URL building: any ID'],
  },
  {
    protection: 'Filter validation',
    edits: [edit('src/gitlab/filter.ts', "  if (problems.length > 0) throw new GitLabError('validation', `Invalid filter: ${problems.join(' ')}`);\n", '')],
    specs: [CLIENT, PROPERTIES],
    tests: ['never sends an invalid filter', 'filter validation:'],
  },
  {
    protection: 'Bytes of one read of many pages (`ByteBudget`)',
    edits: [edit('src/gitlab/transport.ts', 'if (budget && !budget.take(chunk.byteLength)) {', 'if (budget && !budget.take(0)) {')],
    specs: [CLIENT, `${T}/app/settings/scopeCatalog.test.ts`],
    tests: ['a byte budget shared by several requests', 'stops a listing whose pages come to more than 16 MB'],
  },
  {
    protection: 'Connections per origin',
    edits: [edit('src/node/dispatcher.ts', '    connections: MAX_CONNECTIONS_PER_ORIGIN,\n', '')],
    specs: [`${T}/gitlab/network.test.ts`],
    tests: ['over at most 8 connections', 'opens at most 8 tunnels'],
  },
  {
    protection: 'Token masked in GitLab\'s error text',
    edits: [edit('src/gitlab/transport.ts', 'text: redact(answer.text, [this.options.token()])', 'text: redact(answer.text, [])')],
    specs: [CLIENT],
    tests: ['an error body that echoes the token'],
  },
  {
    protection: 'Token masked however the server escapes it',
    edits: [edit('src/gitlab/redact.ts', "const escaped = text.includes('\\\\') || text.includes('%');", 'const escaped = false;')],
    specs: [`${T}/gitlab/redact.test.ts`, CLIENT, `${T}/gitlab/todos.test.ts`, `${T}/ui/log.test.ts`],
    tests: [
      'masks a secret whose characters a server wrote as JSON escapes', 'masks a secret written with URL escapes', 'leaves no secret in the decoded text',
      'an error body that echoes the token with JSON escapes', 'that echoes the token with JSON escapes is masked', 'masks the session token and the environment token',
    ],
  },
  {
    protection: 'A fine-grained refusal\'s permissions quoted as GitLab\'s',
    edits: [edit('src/gitlab/messages.ts', 'return `"${text.replace(', 'return text; `"${text.replace(')],
    specs: [`${T}/gitlab/fineGrained.test.ts`],
    tests: ['a refusal names the permissions GitLab asks for', 'bracketed words are quoted as GitLab', 'GraphQL says the same in'],
  },
  {
    protection: 'The extension\'s sentence names a permission only by a name it derived',
    edits: [edit('src/gitlab/messages.ts', 'const match = /^([A-Za-z][A-Za-z ]*?)\\s*:\\s*([A-Za-z][A-Za-z ]*)$/.exec(words.trim());', 'const match = /^(.+?)\\s*:\\s*(.+)$/.exec(words.trim());')],
    specs: [`${T}/gitlab/fineGrained.test.ts`],
    tests: ['bracketed words are quoted as GitLab', 'lead back to its name'],
  },
  {
    protection: 'An event switch never becomes another request parameter',
    edits: [edit('src/gitlab/types.ts', 'return EVENT_KEY_PATTERN.test(key) && !RESERVED_REQUEST_PARAMETERS.has(key);', 'return EVENT_KEY_PATTERN.test(key);')],
    specs: [CLIENT],
    tests: ['never sends a GitLab request parameter or a key unlike an event name'],
  },
  {
    protection: 'Pages read ahead past a capped `X-Total`',
    edits: [edit('src/gitlab/pageReader.ts', 'page.total !== undefined && page.total < CAPPED_TOTAL && page.perPage', 'page.total !== undefined && page.perPage')],
    specs: [`${T}/gitlab/pageReader.test.ts`],
    tests: ['does not trust a capped X-Total'],
  },
  {
    protection: 'The page window halves on a 429',
    edits: [edit('src/gitlab/pageReader.ts', 'while (nextToAsk < cursor + window.current &&', 'while (nextToAsk < cursor + options.window &&')],
    specs: [`${T}/gitlab/pageReader.test.ts`],
    tests: ['halves its window when GitLab answers 429'],
  },
  {
    protection: 'A REST page cut to the size asked',
    edits: [edit('src/gitlab/paging.ts', 'const items = response.data.length > limit ? response.data.slice(0, limit) : response.data;', 'const items = response.data;')],
    specs: [`${T}/gitlab/pageSizes.test.ts`],
    tests: ['REST: events, to-dos, groups, projects and labels keep the 20 asked for', 'the To-Do List, the Subscriptions list and the Activity view show at most a page of 20'],
  },
  {
    protection: 'A GraphQL connection page cut to its `first`',
    edits: [edit('src/gitlab/graphql.ts', 'return (nodes.length > first ? nodes.slice(0, first) : nodes).filter((n) => n !== null);', 'return nodes.filter((n) => n !== null);')],
    specs: [`${T}/gitlab/pageSizes.test.ts`],
    tests: ['GraphQL: subscribed issues, merge requests, epics', 'the To-Do List, the Subscriptions list and the Activity view show at most a page of 20'],
  },

  // Logic and shell
  {
    protection: 'Webview → host message validation',
    edits: [edit('src/app/settings/shared/protocol.ts', 'return validate(pageMessage, value);', 'return { ok: true, value: value as PageMessage };')],
    specs: [PROTOCOL, HANDLER, PROPERTIES],
    tests: ['refuses a well-formed message with any one field of the wrong type', 'refuses unknown types, unknown fields', 'says what it refused and where', 'ignores and logs malformed or hostile messages', 'webview messages: the validator accepts exactly'],
  },
  {
    protection: 'Saved page state checked when restored',
    edits: [edit('src/app/settings/shared/protocol.ts', "return validate(persistedState, value, 'state');", 'return { ok: true, value: value as PersistedState };')],
    specs: [PROTOCOL],
    tests: ['refuses other versions, mismatched keys and garbage'],
  },
  {
    protection: 'Saved page state checked when restored (a saved form\'s baseline)',
    edits: [edit('src/app/settings/shared/protocol.ts', 'form: fields({ scope, baseline: setting,', 'form: fields({ scope, baseline: v.unknown(),')],
    specs: [PROTOCOL],
    tests: ['refuses a saved state with any one field of the wrong type'],
  },
  {
    protection: 'The page\'s event keys are no GitLab request parameters',
    edits: [edit('src/app/settings/shared/protocol.ts', ": v.check(isEventKeyName, options.key ?? 'a key is not in the expected form')), value),", ": v.regex(EVENT_KEY_PATTERN, options.key ?? 'a key is not in the expected form')), value),")],
    specs: [PROTOCOL, HANDLER, `${T}/app/settings/snooze.test.ts`, PROPERTIES],
    tests: ['refuses GitLab request parameters as event keys', 'sends nothing when the page puts a GitLab request parameter', 'does not keep a snooze whose switches name GitLab request parameters', 'webview messages: the validator accepts exactly'],
  },
  {
    protection: 'GitLab\'s answers cleaned of reserved event keys',
    edits: [edit('src/app/settings/notificationSettingsService.ts', 'if (isEventKeyName(key) && count++ < MAX_EVENT_KEYS) kept[key] = value;', 'if (/^[a-z][a-z0-9_]*$/.test(key) && count++ < MAX_EVENT_KEYS) kept[key] = value;')],
    specs: [`${T}/app/settings/notificationSettingsService.test.ts`],
    tests: ['cleans unusable parts of a server answer'],
  },
  {
    protection: 'A profile import sends only switches this version knows or GitLab returned',
    edits: [edit('src/app/settings/profile.ts', 'const sendable = (key: string) => isEventKeyName(key) && (isKnownEventKey(key) || switchOf(current, key) !== undefined);', 'const sendable = (key: string) => key !== \'\';')],
    specs: [`${T}/app/settings/profile.test.ts`],
    tests: ['sends only switches this version knows or GitLab returned', 'names the left-out switches of a scope'],
  },
  {
    protection: 'Log masking',
    edits: [edit('src/ui/log.ts', 'return redact(text, this.secrets());', 'return redact(text, []);')],
    specs: [`${T}/ui/log.test.ts`],
    tests: ['masks the session token and the environment token', 'a token from a later sign-in is masked too'],
  },
  {
    protection: 'Server links stay under the instance\'s path as the server reads it',
    edits: [edit('src/gitlab/url.ts', 'const [nextPath, nextRoot] = [decodeAscii(path), decodeAscii(rootPath)];', 'const [nextPath, nextRoot] = [path, rootPath];')],
    specs: [`${T}/app/instancePage.test.ts`, `${T}/app/todos/todoGroups.test.ts`, `${T}/app/activity/eventUrl.test.ts`, `${T}/app/activity/sourceRows.test.ts`, `${T}/ui/subscriptionView.test.ts`],
    tests: [
      'is refused when a decoded separator or dot segment leaves', 'however many times a server decodes it', 'apiUrl refuses a raw path that leaves the API once decoded',
      'opens no page whose path leaves the instance once the server decodes it', 'ignores a web URL that leaves the root once the server decodes its path',
      'link to no page outside the instance', 'Open opens a page of the instance only',
    ],
  },
  {
    protection: 'An event\'s link stays in its project as the server reads it',
    edits: [edit('src/app/activity/eventUrl.ts', 'return url.pathname === projectPath || pathStaysUnder(url.pathname, projectPath) ? url.href : undefined;', 'return url.href;')],
    specs: [`${T}/app/activity/eventUrl.test.ts`],
    tests: ['links no ref that a server reading'],
  },
  {
    protection: 'The Subscriptions list opens only pages of the instance',
    edits: [edit('src/app/subscriptions/subscriptionItems.ts', 'return instancePage(url, base)?.href;', 'return url;')],
    specs: [`${T}/ui/subscriptionView.test.ts`],
    tests: ['Open opens a page of the instance only'],
  },
  {
    protection: 'Tooltip Markdown escaping',
    edits: [edit('src/app/activity/markdownEscape.ts', '.replace(SPECIAL, (char) => `\\\\${char}`)', '.replace(SPECIAL, (char) => char)')],
    specs: [`${T}/app/activity/markdownEscape.test.ts`, `${T}/app/activity/eventTooltip.test.ts`],
    tests: ['escapeMarkdown renders any text as that text and nothing else', 'renders no markup from any server text', 'never renders markup from any body'],
  },
  {
    protection: 'http(s)-only links in Markdown',
    edits: [edit('src/app/activity/markdownEscape.ts', "  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;\n", '')],
    specs: [`${T}/app/activity/markdownEscape.test.ts`, `${T}/app/activity/activityMarkdown.test.ts`],
    tests: ['markdownLinkDestination allows only', 'links only to http(s)'],
  },
  {
    protection: 'Webview CSP',
    edits: [edit('src/ui/settings/panelHtml.ts', '<meta http-equiv="Content-Security-Policy" content="${e(csp)}">\n', '')],
    specs: [`${T}/app/settings/panelHtml.test.ts`],
    tests: ['loads one script, carrying the nonce'],
  },
  {
    protection: 'Strict CSP directives',
    edits: [edit('src/ui/settings/panelHtml.ts', "; base-uri 'none'; form-action 'none'`;", '`;')],
    specs: [`${T}/app/settings/panelHtml.test.ts`],
    tests: ['has a strict CSP'],
  },
  {
    protection: 'Escaping in the page shell',
    edits: [edit('src/ui/settings/panelHtml.ts', 'return text.replace(/[&<>"\']/g, (char) => `&#${char.charCodeAt(0)};`);', 'return text;')],
    specs: [`${T}/app/settings/panelHtml.test.ts`],
    tests: ['escapes the texts it is given'],
  },
  {
    protection: 'Edits rebased onto a newer server state',
    edits: [edit('src/app/settings/shared/formState.ts', '  for (const [key, value] of Object.entries(form.edits.events ?? {})) next = withEvent(next, key, value);\n', '')],
    specs: [`${T}/app/settings/formState.test.ts`],
    tests: ['rebase'],
  },
  {
    protection: 'Conflict detection before saving',
    edits: [edit('src/app/settings/notificationSettingsService.ts', 'if (current && !sameSetting(options.expected!, current)) {', 'if (false) {')],
    specs: [HANDLER],
    tests: ['never overwrites a change made on GitLab since loading'],
  },
  {
    protection: 'Bulk report of what changed',
    edits: [edit('src/app/settings/notificationSettingsService.ts', "report(index, { status: level === update.level ? 'changed' : 'failed', previousLevel, level });", "report(index, { status: 'changed', previousLevel, level });")],
    specs: [`${T}/app/settings/bulkApply.test.ts`],
    tests: ['flags a server that answers with another level than asked'],
  },
  {
    protection: 'Poll backoff on errors and 429',
    edits: [edit('src/app/activity/pollSchedule.ts', 'const backoff = this.intervalMs * 2 ** this.failures;', 'const backoff = this.intervalMs;')],
    specs: [`${T}/app/activity/pollSchedule.test.ts`],
    tests: ['backs off on failures'],
  },
  {
    protection: 'Poll backoff on errors and 429 (the wait a 429 asks for)',
    edits: [edit('src/app/activity/pollSchedule.ts', 'return Math.max(backoff, asked);', 'return backoff;')],
    specs: [`${T}/app/activity/pollSchedule.test.ts`],
    tests: ['waits at least what a 429 asked for'],
  },
  {
    protection: 'Copy Activity as Markdown: one read takes at most 200 pages',
    edits: [edit('src/app/activity/rangeEvents.ts', '    maxPages: options.maxPages ?? MAX_RANGE_PAGES,\n', '')],
    specs: [`${T}/app/activity/markdownRange.test.ts`],
    tests: ['a server that names a next page for ever'],
  },
  {
    protection: 'Scope catalog: 16 MB in all the pages of one listing',
    edits: [edit('src/gitlab/transport.ts', 'if (budget && !budget.take(chunk.byteLength)) {', 'if (budget && !budget.take(0)) {')],
    specs: [`${T}/app/settings/scopeCatalog.test.ts`],
    tests: ['stops a listing whose pages come to more than 16 MB'],
  },
  {
    protection: 'Project lookups in flight: 4 per instance',
    edits: [edit('src/app/projectDirectory.ts', 'pending = this.window.run(() => api.getProject(id)).then(', 'pending = api.getProject(id).then(')],
    specs: [`${T}/app/projectDirectory.test.ts`],
    tests: ['at most 4 at a time'],
  },
  {
    protection: 'Day groups in date order',
    edits: [edit('src/app/activity/dayGrouping.ts', "const days = [...byDay.keys()].sort(options.order === 'asc' ? (a, b) => a - b : (a, b) => b - a);", 'const days = [...byDay.keys()];')],
    specs: [`${T}/app/activity/dayGrouping.test.ts`, `${T}/app/activity/activityMarkdown.test.ts`],
    tests: ['reads the days in date order, each once', 'orders days strictly in the list\'s direction', 'lists the days in date order'],
  },
  {
    protection: 'The days follow the list\'s direction',
    edits: [edit('src/app/activity/eventFeeds.ts', "order: feed.request.sort ?? 'desc',", "order: 'desc',")],
    specs: [`${T}/app/activity/eventFeeds.test.ts`],
    tests: ['records the sort each source\'s pages are asked with'],
  },
  {
    protection: 'Copy Activity as Markdown lists days in its query\'s direction',
    edits: [edit('src/app/activity/activityMarkdown.ts', 'order: options.order, t })', "order: 'desc', t })")],
    specs: [`${T}/app/activity/activityMarkdown.test.ts`],
    tests: ['lists the days in date order in the list\'s direction'],
  },
  {
    protection: 'The translation bundle holds every runtime string',
    edits: [edit('l10n/bundle.l10n.json', '  "Sun": "Sun",\n', '')],
    specs: [`${T}/l10n.test.ts`],
    tests: ['the bundle holds exactly the runtime strings'],
  },
  {
    protection: 'No runtime string hidden from the collector',
    edits: [edit('src/app/calendar.ts', 'return MONTHS[month](t);', "return t(['Jan', 'Feb', 'Mar'][month] ?? 'Dec');")],
    specs: [`${T}/l10n.test.ts`],
    tests: ['every runtime string can reach the bundle'],
  },
  {
    protection: 'Manifest texts come from `package.nls.json`',
    edits: [edit('package.nls.json', '  "commands.sort.title": "Sort Activity…",\n', '')],
    specs: [`${T}/l10n.test.ts`],
    tests: ['package.json names only keys package.nls.json has'],
  },

  // Trust boundaries
  {
    protection: 'Network settings read from the user\'s settings only',
    edits: [edit('src/app/settingTrust.ts', 'return inspected?.globalValue !== undefined ? inspected.globalValue : inspected?.defaultValue;', 'return inspected?.workspaceFolderValue ?? inspected?.workspaceValue ?? inspected?.globalValue ?? inspected?.defaultValue;')],
    specs: [`${T}/app/settingTrust.test.ts`, `${T}/ui/config.test.ts`, `${T}/ui/session.test.ts`],
    tests: ['ignores a workspace value', 'a workspace or folder value never reaches the result', 'sends nothing through a proxy a workspace names'],
  },
  {
    protection: '…and `readConfig` reads them through that rule',
    edits: [edit('src/ui/config.ts', 'proxy: text(userOrDefault(c.inspect<unknown>(SETTINGS.proxy))) || httpProxy,', 'proxy: text(c.get(SETTINGS.proxy)) || httpProxy,')],
    specs: [`${T}/ui/config.test.ts`, `${T}/ui/session.test.ts`],
    tests: ['gitlabActivity.proxy a workspace or folder value never reaches the result', 'sends nothing through a proxy a workspace names'],
  },
  {
    protection: '…and reads each list with the instance of its layer',
    edits: [edit('src/ui/config.ts', 'effectiveInstanceList(c.inspect<unknown>(SETTINGS[key]), inspectedInstance,', 'effectiveInstanceList({ globalValue: c.get(SETTINGS[key]) }, inspectedInstance,')],
    specs: [`${T}/ui/config.test.ts`],
    tests: ['reads each layer\'s list with the instance that layer named'],
  },
  {
    protection: 'Network settings machine-scoped in the manifest',
    edits: [edit('package.json', '"gitlabActivity.proxy": {\n          "scope": "machine",\n', '"gitlabActivity.proxy": {\n')],
    specs: [`${T}/manifest.test.ts`],
    tests: ['keeps the settings that decide where the token goes out of a workspace\'s hands'],
  },
  {
    protection: 'A token goes to its own instance only',
    edits: [edit('src/ui/accountClients.ts', 'const transport = this.transport(instanceUrl, token);', 'const transport = this.transport(this.config().instanceUrl, token);')],
    specs: [`${T}/ui/session.test.ts`],
    tests: ['builds each account\'s client with its own instance\'s token', 'signs a second instance in beside the first', 'keeps a new sign-in\'s token for its own instance'],
  },
  // Every account, every page: who an account is, on a server without /user too
  {
    protection: 'An account on a server without `/user`',
    edits: [edit('src/app/knownInstances.ts', "    if (userIsUnknowable(error)) return 'unknowable';\n", '')],
    specs: [`${T}/ui/sessionIdentity.test.ts`],
    tests: ['an environment token finds that /user is missing once'],
  },
  {
    protection: '…and at sign-in, where the token check found `/user` missing',
    edits: [edit('src/ui/session.ts', "const identified = await this.identify(fresh, user ?? 'unknowable');", 'const identified = user ? await this.identify(fresh, user) : fresh;')],
    specs: [`${T}/ui/sessionIdentity.test.ts`],
    tests: ['two tokens are two accounts', 'Toggle Mute twice gives the level before back'],
  },
  {
    protection: 'A token\'s account is a digest, never the token',
    edits: [edit('src/app/accountKey.ts', 'return `${key}#${TOKEN_PREFIX}${digest}` as AccountKey;', 'return `${key}#${TOKEN_PREFIX}${token}` as AccountKey;')],
    specs: [`${T}/app/accountStateMigration.test.ts`, `${T}/ui/sessionIdentity.test.ts`],
    tests: ['a token\'s account: one per token and instance', 'two tokens are two accounts'],
  },
  {
    protection: 'Sign-out removes what was kept for the account',
    edits: [edit('src/ui/session.ts', '    if (account) await forgetAccountState(this.state, account);\n', '')],
    specs: [`${T}/ui/sessionIdentity.test.ts`],
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
    specs: [`${T}/app/accountStateMigration.test.ts`],
    tests: ['a snooze that recorded its maker moves to that person\'s account'],
  },
  {
    protection: '…a snooze that recorded none is never ended into anyone\'s settings unasked',
    edits: [edit('src/app/settings/snooze.ts', "this.endings.fire({ kind: 'unclaimed', snooze, account: key });", 'await this.settings.save(snooze.scope, updateTo(snooze.previous));')],
    specs: [`${T}/app/settings/snoozeAccounts.test.ts`],
    tests: ['an earlier version\'s snooze that names no one'],
  },
  {
    protection: '…the answer is the asked account\'s',
    edits: [edit('src/app/settings/snooze.ts', 'if (this.key() !== account || !this.account.signedIn) throw', 'if (!this.account.signedIn) throw')],
    specs: [`${T}/app/settings/snoozeAccounts.test.ts`],
    tests: ['an earlier version\'s snooze that names no one'],
  },
  {
    protection: '…levels before mutes, kept pages and seen markers, which name no one, are dropped',
    edits: [edit('src/app/accountStateMigration.ts', '  await dropPages(store, log);\n  await dropMarkers(store, log);\n', '')],
    specs: [`${T}/app/accountStateMigration.test.ts`],
    tests: ['a snooze that recorded its maker moves to that person\'s account'],
  },
  {
    protection: 'The first 200 entries of a list setting read',
    edits: [edit('src/app/instanceSettings.ts', 'const read = Array.isArray(value) && notRead > 0 ? value.slice(0, max) : value;', 'const read = value;')],
    specs: [`${T}/app/instanceSettings.test.ts`],
    tests: ['reads the first 200 entries of a workspace\'s list of 1,500'],
  },
  {
    protection: 'The first 200 entries of a list setting read (a git config\'s remotes)',
    edits: [edit('src/app/gitRemotes.ts', '    if (paths.size >= max) break;\n', '')],
    specs: [`${T}/app/gitRemotes.test.ts`],
    tests: ['collects the first 200 distinct project paths'],
  },
  {
    protection: '`.git` and its config read only when a stat says directory or regular file',
    edits: [
      edit('src/node/gitFiles.ts', "return info.isDirectory() ? 'directory' : info.isFile() ? 'file' : undefined;", "return info.isDirectory() ? 'directory' : 'file';"),
      edit('src/node/gitFiles.ts', 'if (!info.isFile() || info.size > maxBytes) return undefined;', 'if (info.size > maxBytes) return undefined;'),
      edit('src/node/gitFiles.ts', 'open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0))', 'open(path, constants.O_RDONLY)'),
      edit('src/node/gitFiles.ts', '          if (!(await inTime(handle.stat(), signal)).isFile()) return undefined;\n', ''),
    ],
    specs: [GIT_FILES],
    tests: ['a .git that is a FIFO', 'a .git/config that is a FIFO'],
  },
  {
    protection: 'Time bound on reading git files',
    edits: [edit('src/node/gitFiles.ts', '  return new Promise<T>((resolve, reject) => {\n    const onAbort = () => {', '  if (signal) return work;\n  return new Promise<T>((resolve, reject) => {\n    const onAbort = () => {')],
    specs: [GIT_FILES],
    tests: ['a disk that does not answer in time counts as no file'],
  },
  {
    protection: 'Size bound on reading git files',
    edits: [
      edit('src/node/gitFiles.ts', 'if (!info.isFile() || info.size > maxBytes) return undefined;', 'if (!info.isFile()) return undefined;'),
      edit('src/node/gitFiles.ts', '            if (length > maxBytes) return undefined;\n', ''),
    ],
    specs: [GIT_FILES],
    tests: ['a config larger than 1024 kB is not read', 'a regular file whose size says nothing of its length'],
  },
  {
    protection: 'Environment token bound to its instance',
    edits: [edit('src/app/settingTrust.ts', "return sameInstance(bound, instanceUrl) ? { use: true, token } : { use: false, reason: 'otherInstance' };", 'return { use: true, token };')],
    specs: [`${T}/app/settingTrust.test.ts`, `${T}/ui/tokenStore.test.ts`, `${T}/ui/session.test.ts`],
    tests: ['is not used for another instance', 'uses the environment token for its bound instance only', 'uses an environment token for the instance bound to it only'],
  },
  {
    protection: 'A repository\'s settings stay its own',
    edits: [edit('src/app/instanceSettings.ts', 'const workspaceHasList = inWorkspace && list?.workspaceValue !== undefined;', 'const workspaceHasList = inWorkspace;')],
    specs: [`${T}/app/instanceSettings.test.ts`],
    tests: ['adds to the user\'s settings when the workspace has no list of its own'],
  },
  {
    protection: '…and a workspace that names no instance gets no instance URL of the user\'s',
    edits: [edit('src/app/instanceSettings.ts', "if (target.layer !== 'workspace' || namesOwnInstance) {", 'if (true) {')],
    specs: [`${T}/app/instanceSettings.test.ts`],
    tests: ['never writes the user\'s instance URL into a workspace that names none'],
  },
  {
    protection: '"Sign In Again" on an Activity error row names the instance of the list that failed',
    edits: [edit('src/ui/activity/nodes.ts', 'return errorRowCommand(node.error, instance ? urlOf(instance) ?? instance : undefined,', 'return errorRowCommand(node.error, undefined,')],
    specs: [`${T}/ui/activityNodes.test.ts`],
    tests: ['"Sign In Again" names the instance of the list whose token was refused', 'names an instance no longer signed in by its key'],
  },
  {
    protection: 'A redraw names the rows that changed: a poll into a feed of 10,000 events draws its day, Mark All as Seen the days with unread rows',
    edits: [edit('src/ui/lists/instanceListView.ts', 'if (holderChanged || otherRows || revisions.includes(undefined)) {', 'if (true) {')],
    specs: [`${T}/ui/activityRedraws.test.ts`],
    tests: ['a poll that adds one row to a 10,000-event feed redraws the day it lands in', 'Mark All as Seen redraws only the days with unread rows'],
  },
  {
    protection: 'A check\'s new events join My Activity at its top; the rows shown stay',
    edits: [edit('src/app/activity/newActivity.ts', 'feeds.prepend(arrivals.source.key, arrivals.events);', 'feeds.resetOne(arrivals.source.key);')],
    specs: [`${T}/app/activity/activityService.test.ts`, `${T}/ui/activityRedraws.test.ts`],
    tests: ['a check\'s new events join My Activity at its top once shown', 'a poll that adds one row to a 10,000-event feed redraws the day it lands in'],
  },
  {
    protection: 'More new events than one check reads: My Activity is read again, not left with a gap',
    edits: [edit('src/app/activity/newActivity.ts', 'gap: top !== undefined && page.items.length >= CHECK_PAGE && page.items.every((event) => isNewerThan(event, top)),', 'gap: false,')],
    specs: [`${T}/app/activity/activityService.test.ts`],
    tests: ['reads My Activity again when more new events came than one check reads'],
  },
  {
    protection: 'New events without ids: My Activity is read again, not prepended (where they would be dropped)',
    edits: [edit('src/app/activity/newActivity.ts', " || arrivals.events.some((event) => eventKey(event) === undefined)) {", ') {')],
    specs: [`${T}/app/activity/activityService.test.ts`],
    tests: ['new events without ids (a server of the interface alone) are shown by reading My Activity again'],
  },
  {
    protection: 'A new filter that puts other lists at an instance\'s top (other kinds) draws the top again',
    edits: [edit('src/ui/lists/instanceListView.ts', 'if (moved) this.tree.redraw(undefined);', 'if (moved) this.redrawLists();')],
    specs: [`${T}/ui/subscriptionView.test.ts`],
    tests: ['a filter that shows other kinds draws the sections again'],
  },
  {
    protection: 'Open on a To-Do or Subscriptions row opens only a page of its account\'s own instance',
    edits: [edit('src/ui/lists/rowCommands.ts', 'instancePage(url, trimInstanceUrl(instanceUrl))', 'new URL(url)')],
    specs: [`${T}/ui/rowCommands.test.ts`],
    tests: ['opens a page of the instance (its origin, under its path), and says so of any other'],
  },
  {
    protection: 'The list shell remembers at most 2,000 open or closed rows',
    edits: [edit('src/ui/lists/rowTree.ts', 'if (this.expansion.size > MAX_EXPANSIONS) this.expansion.delete(this.expansion.keys().next().value!);', '')],
    specs: [`${T}/ui/rowTree.test.ts`],
    tests: ['remembers the person\'s open and closed rows'],
  },
  {
    protection: 'The list shell forgets the rows no longer in the tree (what it holds is what VS Code holds)',
    edits: [edit('src/ui/lists/rowTree.ts', 'if (before) for (const id of before) if (!now.has(id)) this.forget(id);', '')],
    specs: [`${T}/ui/rowTree.test.ts`],
    tests: ['forgets a row no longer under its parent'],
  },
  {
    protection: '"Sign in again" in the settings editor names the instance of the client that failed',
    edits: [edit('src/app/settings/settingsRequestHandler.ts', "case 'signIn': return this.deps.signIn?.(this.signInFor ? this.signInFor.instanceUrl : this.deps.instanceUrl?.());", "case 'signIn': return this.deps.signIn?.(undefined);")],
    specs: [HANDLER],
    tests: ['signs in again to the instance whose client failed', 'names the instance of a bulk item\'s refused token too', 'without a failure, names the instance of the client in use'],
  },
  {
    protection: 'Tokens keyed by the instance\'s identity',
    edits: [edit('src/app/tokenKeys.ts', 'return `${PREFIX}${normalizeInstanceUrl(instanceUrl)}`;', 'return `${PREFIX}${trimInstanceUrl(instanceUrl).toLowerCase()}`;')],
    specs: [`${T}/app/tokenKeys.test.ts`, `${T}/ui/tokenStore.test.ts`],
    tests: ['one key per instance, however a workspace spells it', 'keys a token by the instance\'s identity'],
  },
  {
    protection: '…and the token store uses that key',
    edits: [edit('src/ui/auth/tokenStore.ts', 'return tokenKey(instanceUrl);', 'return `${TokenStore.prefix}${instanceUrl}`;')],
    specs: [`${T}/ui/tokenStore.test.ts`, `${T}/ui/session.test.ts`],
    tests: ['keys a token by the instance\'s identity', 'signs a second instance in beside the first'],
  },
  {
    protection: 'Tokens under an old key move to the new one without loss',
    edits: [edit('src/app/tokenKeys.ts', '          await secrets.store(key, token);\n', '')],
    specs: [`${T}/app/tokenKeys.test.ts`],
    tests: ['moves a token found under an old spelling\'s key', 'loses nothing when storing fails'],
  },
  {
    protection: 'Sign-out also deletes a token left under an old key',
    edits: [edit('src/app/tokenKeys.ts', 'return [...new Set(keys)].filter((old) => old !== key);', 'return [];')],
    specs: [`${T}/app/tokenKeys.test.ts`],
    tests: ['names the old keys a sign-out must delete too'],
  },
  {
    protection: 'Untrusted text inert in messages',
    edits: [edit('src/app/plainText.ts', "return text.replace(LINK_OR_ICON, '$1\\u200b(');", 'return text;')],
    specs: [`${T}/ui/plainWindow.test.ts`],
    tests: ['breaks command links and icons', 'are text in the refusal', 'the snooze-ended warning', 'validation message shows the server\'s refusal as text', 'the signed-in toast', 'an error toast shows the server\'s error body as text', 'the project picker shows the server\'s project names as text'],
  },
  {
    protection: 'Those surfaces reached only through `src/ui/plainWindow.ts`',
    edits: [edit('src/ui/session.ts', 'void plainWindow.showErrorMessage(message, signInAgain)', 'void vscode.window.showErrorMessage(message, signInAgain)')],
    specs: [`${T}/ui/plainWindow.test.ts`],
    tests: ['only through plainWindow'],
  },
  {
    protection: 'An imported profile is read only when it is a regular file of at most 1 MB',
    edits: [edit('src/ui/settings/profileCommands.ts', "      if (!(type & vscode.FileType.File)) return void plainWindow.showErrorMessage(t('Could not read {0}: it is not a file.', uri.fsPath));\n", '')],
    specs: [`${T}/ui/plainWindow.test.ts`],
    tests: ['reads only a file, and only one of a profile\'s size'],
  },
  // Fine-grained tokens, working hours, epics everywhere
  {
    protection: 'New to-dos held outside the working hours',
    edits: [edit('src/app/todos/workingHours.ts', 'if (entry.ids.size < MAX_HELD_PER_INSTANCE) entry.ids.add(id);', 'if (entry.ids.size < Infinity) entry.ids.add(id);')],
    specs: [`${T}/app/todos/workingHours.test.ts`],
    tests: ['keeps at most MAX_HELD_PER_INSTANCE ids per instance'],
  },
  {
    protection: 'Working hours GitLab itself cannot apply',
    edits: [edit('src/app/todos/workingHours.ts', '  } catch {\n    return true;\n  }', '  } catch {\n    return false;\n  }')],
    specs: [`${T}/app/todos/workingHours.test.ts`],
    tests: ['delivers where it cannot decide'],
  },
  {
    protection: 'A wrong `/user/preferences` answer read within bounds',
    edits: [edit('src/gitlab/todoEndpoints.ts', 'days: days.slice(0, 7),', 'days,')],
    specs: [`${T}/app/todos/workingHours.test.ts`],
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
  {
    protection: 'Epics read instance-wide only where `currentUser.workItems` answers an epic',
    edits: [edit('src/gitlab/subscribedEpics.ts', "return items !== null && connectionNodes(object(items, 'workItems'), 'workItems', 1).length > 0;", 'return items !== null;')],
    specs: [`${T}/app/subscriptions/subscriptionService.test.ts`, `${T}/gitlab/subscribedEpics.test.ts`],
    tests: ['reads epics instance-wide where GitLab answers them', 'epics instance-wide only where currentUser.workItems answers them'],
  },
  // A pending action belongs to the account that read its items
  {
    protection: 'A pending action belongs to its account: the Subscriptions list and Unsubscribe on any row',
    edits: [edit('src/app/subscriptions/subscriptionService.ts', 'return accountNow(account, this.deps.accounts(), (a) => a.subscriptions);',
      'return { account: this.accountAt(account.key) ?? account };')],
    specs: [`${T}/ui/subscriptionAccounts.test.ts`],
    tests: ['Undo clicked after bob signed in over alice subscribes nobody', 'Undo clicked after alice signed out sends nothing',
      'All Closed\'s confirmation answered after bob', 'All Closed\'s Undo clicked after bob', 'a To-Do row\'s Undo clicked after alice signed out',
      'Unsubscribe chosen after bob signed in over alice', 'an Activity row\'s Undo clicked after bob'],
  },
  {
    protection: 'A pending action belongs to its account: the To-Do List',
    edits: [edit('src/app/todos/todoService.ts', 'return accountNow(account, this.deps.accounts(), (a) => a.todos);',
      'return { account: this.accountAt(account.key) ?? account };')],
    specs: [`${T}/ui/todoAccounts.test.ts`],
    tests: ['Mark as Done\'s Undo clicked after bob', 'a snooze\'s Undo clicked after alice signed out', 'Mark All\'s question answered after bob',
      'Mark All\'s Undo clicked after bob', 'a new to-do\'s Done, clicked after bob'],
  },
  {
    protection: 'A pending action belongs to its account: Mark All acts for the accounts its question was asked for',
    edits: [edit('src/ui/todos/todoCommands.ts', 'await service.markAll(accounts);', 'await service.markAll();')],
    specs: [`${T}/ui/todoAccounts.test.ts`],
    tests: ['Mark All\'s question answered after bob'],
  },
  {
    protection: 'A pending action belongs to its account: a new to-do\'s buttons',
    edits: [edit('src/ui/todos/newTodoNotifier.ts', 'const account = readers.get(instance);', 'const account = this.todos.accountAt(instance);')],
    specs: [`${T}/ui/todoAccounts.test.ts`],
    tests: ['a new to-do\'s Done, clicked after bob'],
  },
  {
    protection: 'A pending action belongs to its account: a snooze\'s end writes for its maker only',
    edits: [edit('src/app/settings/notificationSettingsService.ts',
      'if (account !== undefined && (this.account.accountKey !== account || !api)) throw new AccountChanged(account);', '')],
    specs: [`${T}/app/settings/snoozeAccounts.test.ts`],
    tests: ['between its read and its write, PUTs nothing into bob'],
  },
  {
    protection: 'A pending action belongs to its account: Restore on an ended snooze',
    edits: [edit('src/ui/settings/snoozeCommands.ts', 'if (error instanceof AccountChanged) {', 'if (error instanceof Error && error.message === \'\') {')],
    specs: [`${T}/app/settings/snoozeAccounts.test.ts`],
    tests: ['"Restore" on alice\'s ended snooze'],
  },
  {
    protection: 'A pending action belongs to its account: Copy Activity as Markdown\'s Continue',
    edits: [edit('src/ui/activity/activityCommands.ts', 'if (gone) return void plainWindow.showInformationMessage(accountGoneMessage(gone, vscode.l10n.t));', '')],
    specs: [`${T}/ui/activityCommands.test.ts`],
    tests: ['Continue clicked after alice signed out'],
  },

  // Bounds of lists and bulk reads
  {
    protection: 'A cursor listing ends on an empty page that names a next cursor',
    edits: [edit('src/app/lists/cursorPages.ts', "if (next === undefined || (answer.scanned ?? answer.items.length) === 0 || trail.has(next)) return undefined;", 'if (next === undefined || trail.has(next)) return undefined;')],
    specs: [`${T}/app/lists/cursorPages.test.ts`, `${T}/app/subscriptions/subscriptionService.test.ts`, CLOSED],
    tests: ['ends a listing on an empty page that names a next cursor', 'leaves a segment on an empty page that names a next cursor', 'a server whose pages are empty but always name a next cursor', 'against empty pages that always name a next cursor'],
  },
  {
    protection: '…or on a cursor it named before',
    edits: [edit('src/app/lists/cursorPages.ts', "if (next === undefined || (answer.scanned ?? answer.items.length) === 0 || trail.has(next)) return undefined;", 'if (next === undefined || (answer.scanned ?? answer.items.length) === 0) return undefined;')],
    specs: [`${T}/app/lists/cursorPages.test.ts`],
    tests: ['ends a listing on an empty page that names a next cursor, and on a cursor it was at before', 'or on a cursor it named before, for the next segment'],
  },
  {
    protection: 'Unsubscribe from All Closed: at most 500 listing requests',
    edits: [edit('src/app/subscriptions/closedSubscriptions.ts', 'if (bound || things.length >= MAX_CLOSED || requests >= maxRequests) {', 'if (bound || things.length >= MAX_CLOSED) {')],
    specs: [CLOSED],
    tests: ['against pages that never end (page 1 again, new ids and cursors)', 'a read stopped at its bound of requests'],
  },
  {
    protection: '…and 32 MB of answers',
    edits: [edit('src/app/subscriptions/closedSubscriptions.ts', 'page = await listing.read({ after, first: PAGE, budget }, signal);', 'page = await listing.read({ after, first: PAGE }, signal);')],
    specs: [CLOSED],
    tests: ['a byte budget across the listings'],
  },
  {
    protection: '…and the next read starts in the listing the last one did not finish',
    edits: [edit('src/app/subscriptions/closedSubscriptions.ts', 'const start = listings.length > 0 ? (options.start ?? 0) % listings.length : 0;', 'const start = 0;')],
    specs: [CLOSED],
    tests: ['a read stopped at its bound of requests: the next starts in the listing it did not finish'],
  },
  {
    protection: 'Unsubscribe from All Closed counts a thing as closed by its own state',
    edits: [edit('src/app/subscriptions/closedSubscriptions.ts', 'things.push(...page.items.filter(isClosed));', 'things.push(...page.items);')],
    specs: [CLOSED],
    tests: ['a server that ignores the state filter'],
  },
  {
    protection: 'Unsubscribe from All Closed stops reading an account that signs out',
    edits: [edit('src/app/subscriptions/subscriptionService.ts', '    for (const [client, read] of this.closedReads) if (!current.has(client)) read.abort();\n', '')],
    specs: [CLOSED],
    tests: ['signed out while reading'],
  },
  {
    protection: 'Mark One To-Do as Done finds the row\'s shown to-dos through a set of ids',
    edits: [edit('src/ui/todos/todoCommands.ts', 'const todos = node.group.todos.filter((todo) => shown.has(todo.id));',
      'const todos = node.group.todos.filter((todo) => service.shownTodos(node.instance).some((one) => one.id === todo.id));')],
    specs: [`${T}/ui/todoView.test.ts`],
    tests: ['Mark One To-Do as Done on a row of 20,000 to-dos'],
  },
  {
    protection: 'Mark All reads at most 100 pages of ids',
    edits: [edit('src/app/todos/todoMarkAll.ts', 'for (let pages = 0; next !== undefined && pages < MARK_ALL_MAX_PAGES; pages++) {', 'for (let pages = 0; next !== undefined; pages++) {')],
    specs: [`${T}/app/todos/todoMarkAll.test.ts`],
    tests: ['reads at most its bound of pages of ids'],
  },
  {
    protection: '…and of the Snoozed list over GraphQL',
    edits: [edit('src/app/todos/todoMarkAll.ts', '    for (let pages = 0; pages < MARK_ALL_MAX_PAGES; pages++) {', '    for (let pages = 0; ; pages++) {')],
    specs: [`${T}/app/todos/todoMarkAll.test.ts`],
    tests: ['the Snoozed list over GraphQL: at most its bound of pages'],
  },
  {
    protection: 'The overrides overview counts subscriptions of the overrides only',
    edits: [edit('src/app/settings/overview.ts', 'state.subscriptions = await readOverviewCounts(state.rows.filter(hasOwnLevel), this.deps.counts, t,', 'state.subscriptions = await readOverviewCounts(state.rows, this.deps.counts, t,')],
    specs: [`${T}/app/settings/overviewCounts.test.ts`],
    tests: ['the overrides with their counts beside the level', '300 groups, 60 with a level of their own'],
  },
  {
    protection: '…at most 50 of them',
    edits: [edit('src/app/settings/overviewCounts.ts', '.slice(0, MAX_COUNTED_ROWS)', '')],
    specs: [`${T}/app/settings/overviewCounts.test.ts`],
    tests: ['300 groups, 60 with a level of their own'],
  },
  {
    protection: '…without labels',
    edits: [edit('src/app/settings/overviewCounts.ts', 'row.subscriptions = await source.count(countedScope(row)!, options.signal, { labels: false });', 'row.subscriptions = await source.count(countedScope(row)!, options.signal);')],
    specs: [`${T}/app/settings/overviewCounts.test.ts`],
    tests: ['the overrides with their counts beside the level, labels left out', '300 groups, 60 with a level of their own'],
  },
  // Dashboard feeds (src/gitlab/feed*, src/app/feeds)
  {
    protection: '`scope` goes with `GET /events` alone',
    edits: [edit('src/gitlab/endpoints.ts', "  if (source.kind === 'yourProjects') query.scope = 'all';", "  if (source.kind !== 'mine') query.scope = 'all';")],
    specs: [FEED_CLIENT],
    tests: ['sends scope=all with GET /events for "your projects" only'],
  },
  {
    protection: 'Follows read by numeric user ID only',
    edits: [edit('src/gitlab/feedEndpoints.ts', '  if (!Number.isSafeInteger(id) || id < 1) throw', '  if (false as boolean) throw')],
    specs: [FEED_CLIENT],
    tests: ['refuses a user ID that is not one before sending anything'],
  },
  {
    protection: 'A server without `GET /version` is no GitLab',
    edits: [edit('src/gitlab/feedClient.ts', "      if (!(error instanceof GitLabError) || error.kind !== 'notFound') throw error;", '      throw error;')],
    specs: [FEED_CLIENT, FEED_PLANS],
    tests: ['on a server of the plain interface it is unsupported', 'a server of the plain interface is no GitLab'],
  },
  {
    protection: '`scope=all` as the first page on GitLab 15.0 and later only',
    edits: [edit('src/app/feeds/feedPlans.ts', '  return { version: version.version, scopeAllHead: match !== null && Number(match[1]) >= 15 };', '  return { version: version.version, scopeAllHead: match !== null };')],
    specs: [FEED_PLANS],
    tests: ['reads GitLab\'s version numbers', 'a GitLab without scope (before the parameter)'],
  },
  {
    protection: '…and never under a server-side filter',
    edits: [edit('src/app/feeds/feedPlans.ts', '  if (!support.scopeAllHead || serverFiltered(options.filter ?? NO_FILTER)) return plan;', '  if (!support.scopeAllHead) return plan;')],
    specs: [FEED_PLANS],
    tests: ['a filter goes to every source, never to scope=all'],
  },
  {
    protection: 'A row is released only when no source could hold one before it',
    edits: [edit('src/app/feeds/mergedFeed.ts', '    if (reach !== undefined && !this.ledger.precedes(reach, id)) return false;', '    return false;')],
    specs: [FEED_PROPERTIES],
    tests: ['equal the sorted union of the sources', 'a failing source changes nothing but its own row'],
  },
  {
    protection: 'A project skipped by its last activity only with an hour of lag allowed',
    edits: [edit('src/app/feeds/mergedFeed.ts', '    return Number.isNaN(time) || state.activityMs + (this.plan.activityLagMs ?? ACTIVITY_LAG_MS) >= time;', '    return Number.isNaN(time) || state.activityMs >= time;')],
    specs: [FEED_PROPERTIES],
    tests: ['equal the sorted union of the sources'],
  },
  {
    protection: 'Each event once',
    edits: [
      edit('src/app/feeds/feedLedger.ts', '      if (this.seen.has(id) || this.buffered.has(id)) continue;\n      if (this.lastReleased', '      if (this.lastReleased'),
      edit('src/app/feeds/feedLedger.ts', '    if (this.seen.has(id)) return undefined;\n', ''),
    ],
    specs: [FEED_PROPERTIES, FEED_EXAMPLES],
    tests: ['equal the sorted union of the sources', 'Load more goes on from the sources'],
  },
  {
    protection: 'At most 4 requests in flight a feed',
    edits: [edit('src/app/feeds/mergedFeed.ts', '        if (this.reads >= this.window.current || requests >= maxRequests) break;', '        if (requests >= maxRequests) break;')],
    specs: [FEED_PROPERTIES],
    tests: ['never more than 4 requests in flight'],
  },
  {
    protection: 'A source is read only when it could hold the next row',
    edits: [edit('src/app/feeds/mergedFeed.ts', '      const blockers = this.states.filter((state) => state.buffer.length === 0 && this.mayHoldBefore(state, candidate));', '      const blockers = this.states.filter((state) => state.open);')],
    specs: [FEED_PROPERTIES, FEED_EXAMPLES],
    tests: ['none to a source holding a page unshown', 'holds at most one page a source'],
  },
  {
    protection: 'A load never puts a row above a shown one',
    edits: [edit('src/app/feeds/feedLedger.ts', '      if (this.lastReleased !== undefined && !this.precedes(this.lastReleased, id)) {', '      if (false as boolean) {')],
    specs: [FEED_EXAMPLES],
    tests: ['comes late, never among the rows', 'what it holds above the shown rows comes late'],
  },
  {
    protection: 'At most 100 late events kept',
    edits: [edit('src/app/feeds/feedLedger.ts', '        if (this.late.length < MAX_LATE_EVENTS) this.late.push(event);', '        if (this.late.length < Infinity) this.late.push(event);')],
    specs: [FEED_EXAMPLES],
    tests: ['keeps at most 100 late events'],
  },
  {
    protection: 'At most 100 sources a feed',
    edits: [edit('src/app/feeds/feedSource.ts', '    if (sources.length < max) sources.push(source);', '    if (sources.length < Infinity) sources.push(source);')],
    specs: [FEED_EXAMPLES],
    tests: ['reads at most 100 sources', 'feed status counts what a feed left out'],
  },
  {
    protection: 'Requests per load and rows per feed',
    edits: [
      edit('src/app/feeds/mergedFeed.ts', '        if (this.reads >= this.window.current || requests >= maxRequests) break;', '        if (this.reads >= this.window.current) break;'),
      edit('src/app/feeds/mergedFeed.ts', '      if (!buffer || this.ledger.released >= this.maxRows) return undefined;', '      if (!buffer) return undefined;'),
    ],
    specs: [FEED_EXAMPLES],
    tests: ['stops at its bound of rows, and a load at its bound of requests'],
  },
  {
    protection: 'A source whose next page does not move forward ends',
    edits: [edit('src/app/feeds/mergedFeed.ts', '        state.nextPage = next !== undefined && Number.isSafeInteger(next) && next > page ? next : undefined;', '        state.nextPage = next;')],
    specs: [FEED_EXAMPLES],
    tests: ['ends a source whose next page does not move forward'],
  },
  {
    protection: 'Whom a user follows: four pages at most',
    edits: [edit('src/app/feeds/feedPlans.ts', '    for (let read = 0; page !== undefined && read < MAX_FOLLOWING_PAGES; read++) {', '    for (let read = 0; page !== undefined && read < 6; read++) {')],
    specs: [FEED_PLANS],
    tests: ['reads at most four pages of whom a user follows'],
  },
  {
    protection: 'A poll reads page 1 of four projects at most',
    edits: [edit('src/app/feeds/feedPlans.ts', '  return [...moved, ...recent].slice(0, max);', '  return [...moved, ...recent];')],
    specs: [FEED_PLANS],
    tests: ['chooses at most four projects a cycle'],
  },
];

/** Rows of docs/protections.md checked by the workbench tests only (test/vscode): not run here. */
const WORKBENCH_ONLY = [
  'The page hears only the host\'s channel', 'Server text inserted as text in the webview', 'Edits kept after a failed save',
  'The new-activity check backs off', 'Sign-out deletes the secret', 'The whole protection in the extension',
];

interface Outcome {
  result: 'failed as expected' | 'SURVIVED' | 'NO TEST RAN' | 'STALE' | 'FAILS UNBROKEN';
  detail: string;
  seconds: number;
}

interface MochaJson {
  stats: { tests: number; passes: number; failures: number };
  failures: Array<{ fullTitle: string }>;
  passes: Array<{ fullTitle: string }>;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const grepOf = (tests: readonly string[]): string => tests.map(escapeRegExp).join('|');

/** The named tests no test of the run is called by: renamed or gone, so the break no longer checks them. */
function unmatched(tests: readonly string[], report: MochaJson): string[] {
  const titles = [...report.passes, ...report.failures].map((test) => test.fullTitle);
  return tests.filter((part) => !titles.some((title) => title.includes(part)));
}

// The originals of files being edited, kept on disk until put back: a run that was killed leaves them for the next.
const backupDir = join(tmpdir(), 'gitlab-activity-mutation-check', Buffer.from(root).toString('hex').slice(-32));
const originals = new Map<string, string>();

function putBack(): void {
  for (const [file, text] of originals) {
    writeFileSync(join(root, file), text);
    rmSync(join(backupDir, encodeURIComponent(file)), { force: true });
  }
  originals.clear();
}

function restoreLeftovers(): void {
  if (!existsSync(backupDir)) return;
  for (const name of readdirSync(backupDir)) {
    const file = decodeURIComponent(name);
    writeFileSync(join(root, file), readFileSync(join(backupDir, name)));
    rmSync(join(backupDir, name));
    console.log(`Put back ${file}, left edited by a run that was stopped.`);
  }
}

/** Applies every edit, or none: returns why not when a text is gone or no longer unique. */
function apply(edits: readonly Edit[]): string | undefined {
  const texts = new Map<string, string>();
  for (const { file, from, to } of edits) {
    const text = texts.get(file) ?? readFileSync(join(root, file), 'utf8');
    const count = text.split(from).length - 1;
    if (count !== 1) return `${file}: the text to replace occurs ${count} times`;
    texts.set(file, text.replace(from, () => to));
  }
  mkdirSync(backupDir, { recursive: true });
  for (const [file, text] of texts) {
    const original = readFileSync(join(root, file), 'utf8');
    writeFileSync(join(backupDir, encodeURIComponent(file)), original);
    originals.set(file, original);
    writeFileSync(join(root, file), text);
  }
  return undefined;
}

function mocha(specs: readonly string[], grep: string, out: string): Promise<MochaJson | undefined> {
  const args = [
    join(root, 'node_modules/mocha/bin/mocha.js'), '--no-config', '-r', 'tsx/cjs', '-r', 'test/unit/ui/fakeVscode.ts', '--extension', 'ts',
    '--timeout', '10000', '--exit', '--reporter', 'json', '--reporter-option', `output=${out}`, ...specs, '--grep', grep,
  ];
  return new Promise((resolve) => {
    rmSync(out, { force: true });
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'ignore' });
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS);
    child.on('exit', () => {
      clearTimeout(timer);
      try {
        resolve(JSON.parse(readFileSync(out, 'utf8')) as MochaJson);
      } catch {
        resolve(undefined);
      }
    });
  });
}

async function check(item: Break, scratch: string): Promise<Outcome> {
  const started = Date.now();
  const seconds = () => Math.round((Date.now() - started) / 100) / 10;
  const problem = apply(item.edits);
  if (problem) return { result: 'STALE', detail: problem, seconds: seconds() };
  try {
    const report = await mocha(item.specs, grepOf(item.tests), join(scratch, 'broken.json'));
    if (!report) return { result: 'NO TEST RAN', detail: 'mocha wrote no report (timed out or crashed)', seconds: seconds() };
    const { tests, failures } = report.stats;
    if (tests === 0) return { result: 'NO TEST RAN', detail: 'no test matched', seconds: seconds() };
    const gone = unmatched(item.tests, report);
    if (gone.length > 0) return { result: 'STALE', detail: `no test is named ${gone.map((part) => `"${part}"`).join(', ')}`, seconds: seconds() };
    if (failures === 0) return { result: 'SURVIVED', detail: `all ${tests} passed`, seconds: seconds() };
    const still = report.passes.length > 0 ? `; still passing: ${report.passes.map((p) => p.fullTitle).join('; ')}` : '';
    return { result: 'failed as expected', detail: `${failures} of ${tests} failed${still}`, seconds: seconds() };
  } finally {
    putBack();
  }
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, '⏎');
}

function code(text: string): string {
  if (text.trim() === '') return '(nothing: the line removed)';
  const shown = cell(text.trim());
  return shown.includes('`') ? `\`\` ${shown} \`\`` : `\`${shown}\``;
}

function section(outcomes: ReadonlyArray<{ item: Break; outcome: Outcome }>, date: string, seconds: number): string {
  const caught = outcomes.filter(({ outcome }) => outcome.result === 'failed as expected').length;
  const lines = [
    SECTION,
    '',
    `Written by \`npm run mutation-check\` (\`scripts/mutation-check.ts\`) on ${date}, in ${Math.round(seconds)} s: each protection with a`,
    'unit test was taken away by the edit shown, the tests named ran against that source (their titles, as `--grep`),',
    'and the file was put back. Before that, the same tests passed on the source as it is.',
    `**${caught} of ${outcomes.length} breaks failed their tests as expected.**`,
    `Checked by workbench tests only, not here: ${WORKBENCH_ONLY.join('; ')}.`,
    '',
    '| Protection | Broken by | Tests run | Result |',
    '|---|---|---|---|',
  ];
  for (const { item, outcome } of outcomes) {
    const broken = item.edits.map((e) => `\`${e.file}\`: ${code(e.from)} → ${code(e.to)}`).join('; ');
    const tests = `${item.specs.map((spec) => `\`${relative(T, spec)}\``).join(', ')}: ${item.tests.map((t) => (t ? `*${cell(t)}*` : 'all')).join(', ')}`;
    const result = outcome.result === 'failed as expected' ? `broken → failed as expected (${cell(outcome.detail)})` : `**${outcome.result}** (${cell(outcome.detail)})`;
    lines.push(`| ${cell(item.protection)} | ${broken} | ${tests} | ${result} |`);
  }
  return `${lines.join('\n')}\n`;
}

function writeSection(text: string): void {
  const path = join(root, 'docs/protections.md');
  const doc = readFileSync(path, 'utf8');
  const at = doc.indexOf(`\n${SECTION}\n`);
  writeFileSync(path, `${(at === -1 ? doc : doc.slice(0, at + 1)).trimEnd()}\n\n${text}`);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1]?.toLowerCase() : undefined;
  const dry = args.includes('--dry');
  const chosen = only ? BREAKS.filter((item) => item.protection.toLowerCase().includes(only)) : BREAKS;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      putBack();
      console.error(`\nStopped by ${signal}; every file is as it was.`);
      process.exit(130);
    });
  }
  process.on('exit', putBack);
  restoreLeftovers();

  if (dry) {
    let stale = 0;
    for (const item of chosen) {
      const problem = apply(item.edits);
      putBack();
      if (problem) stale++;
      console.log(`${problem ? 'STALE' : 'ok   '} ${item.protection}${problem ? `: ${problem}` : ''}`);
    }
    process.exitCode = stale > 0 ? 1 : 0;
    return;
  }

  const scratch = mkdtempSync(join(tmpdir(), 'mutation-check-'));
  const started = Date.now();
  try {
    // The tests must pass on the source as it is, or their failing says nothing.
    const specs = [...new Set(chosen.flatMap((item) => item.specs))];
    const baseline = await mocha(specs, grepOf(chosen.flatMap((item) => item.tests)), join(scratch, 'baseline.json'));
    if (!baseline) throw new Error('The tests could not be run on the unbroken source.');
    const failingUnbroken = new Set(baseline.failures.map((f) => f.fullTitle));
    console.log(`Unbroken: ${baseline.stats.passes} passed, ${baseline.stats.failures} failed (${Math.round((Date.now() - started) / 1000)} s).`);

    const outcomes: Array<{ item: Break; outcome: Outcome }> = [];
    for (const item of chosen) {
      const grep = new RegExp(grepOf(item.tests));
      const broken = [...failingUnbroken].filter((title) => grep.test(title));
      const gone = unmatched(item.tests, baseline);
      const outcome: Outcome = gone.length > 0
        ? { result: 'STALE', detail: `no test is named ${gone.map((part) => `"${part}"`).join(', ')}`, seconds: 0 }
        : broken.length > 0
          ? { result: 'FAILS UNBROKEN', detail: broken.join('; '), seconds: 0 }
          : await check(item, scratch);
      outcomes.push({ item, outcome });
      console.log(`${outcome.result.padEnd(18)} ${item.protection} (${outcome.detail}, ${outcome.seconds} s)`);
    }
    const seconds = (Date.now() - started) / 1000;
    const bad = outcomes.filter(({ outcome }) => outcome.result !== 'failed as expected');
    console.log(`\n${outcomes.length - bad.length} of ${outcomes.length} breaks failed their tests, in ${Math.round(seconds)} s.`);
    if (!only) {
      writeSection(section(outcomes, new Date().toISOString().slice(0, 10), seconds));
      console.log('Wrote the "Mutation check" section of docs/protections.md.');
    }
    process.exitCode = bad.length > 0 ? 1 : 0;
  } finally {
    putBack();
    rmSync(scratch, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  putBack();
  console.error(error);
  process.exitCode = 1;
});
