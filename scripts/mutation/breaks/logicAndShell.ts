/** Logic and shell: the rows of that section of docs/protections.md. */
import { HANDLER, PROPERTIES, PROTOCOL, T, edit, type Section } from '../model';

export const section: Section = {
  breaks: [
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
      protection: 'Saved page state checked when restored',
      part: 'a saved form\'s baseline',
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
      protection: 'Poll backoff on errors and 429',
      part: 'the wait a 429 asks for',
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

  ],
  elsewhere: [
  ],
};
