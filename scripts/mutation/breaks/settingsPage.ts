/** Logic and shell, its rows of the settings page (the webview, its messages, its form): a part of that section of
 * docs/protections.md, kept apart to keep the section's file short. */
import { HANDLER, PROPERTIES, PROTOCOL, T, edit, type Break } from '../model';

export const settingsPageBreaks: Break[] = [
    {
      protection: 'Webview → host message validation',
      edits: [edit('src/app/settings/shared/protocol.ts', 'return validate(pageMessage, value);', 'return { ok: true, value: value as PageMessage };')],
      specs: [PROTOCOL, HANDLER, PROPERTIES],
      tests: ['refuses a well-formed message with any one field of the wrong type', 'refuses unknown types, unknown fields', 'says what it refused and where', 'ignores and logs malformed or hostile messages', 'webview messages: the validator accepts exactly'],
    },
    {
      protection: 'The page hears only the host\'s channel',
      edits: [edit('media/src/settings/page.ts', 'if (event.source !== page) receive(event.data);', 'receive(event.data);')],
      specs: [`${T}/app/settings/settingsPage.browser.test.ts`],
      tests: ['hears only the host\'s channel: what the page posts to its own window changes nothing'],
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
      protection: 'Server text inserted as text in the webview',
      edits: [edit('media/src/settings/scopePanel.ts', '<span class="scope-label">${entry.label}</span>', '<span class="scope-label" .innerHTML=${entry.label}></span>')],
      specs: [`${T}/app/settings/settingsPage.browser.test.ts`],
      tests: ['draws group names from GitLab as text'],
    },
    {
      protection: 'Escaping in the page shell',
      edits: [edit('src/ui/settings/panelHtml.ts', 'return text.replace(/[&<>"\']/g, (char) => `&#${char.charCodeAt(0)};`);', 'return text;')],
      specs: [`${T}/app/settings/panelHtml.test.ts`],
      tests: ['escapes the texts it is given'],
    },
    {
      protection: 'Edits kept after a failed save',
      edits: [edit('media/src/settings/formActions.ts', '      if (error.server) scope.form = rebase(scope.form ?? form, error.server);\n', '      scope.form = createForm(form.scope, error.server ?? form.baseline);\n')],
      specs: [`${T}/app/settings/settingsPage.browser.test.ts`],
      tests: ['keeps an edit GitLab refused'],
    },
    {
      protection: 'Edits rebased onto a newer server state',
      edits: [edit('src/app/settings/shared/formState.ts', '  for (const [key, value] of Object.entries(form.edits.events ?? {})) next = withEvent(next, key, value);\n', '')],
      specs: [`${T}/app/settings/formState.test.ts`],
      tests: ['rebase'],
    },
    {
      protection: 'A level of its own equal to global reads',
      edits: [edit('src/app/settings/overview.ts', "if (own !== globalLevel) return t('{0} · differs from global ({1})'", "if (own !== undefined) return t('{0} · differs from global ({1})'")],
      specs: [`${T}/app/settings/overview.test.ts`],
      tests: ['says "differs" only of a level that differs from global'],
    },
    {
      protection: 'A "Saved." goes once the setting changed elsewhere',
      edits: [edit('media/src/settings/model.ts', '  if (!scope.form || !sameSetting(scope.form.baseline, setting)) scope.notice = undefined;\n', '')],
      specs: [`${T}/app/settings/pageModel.test.ts`],
      tests: ['drops a "Saved." said of another setting'],
    },
    {
      protection: 'The settings page hears of snoozes and ends one through the host',
      part: 'the page told of no snooze',
      edits: [edit('src/app/settings/settingsRequestHandler.ts', 'bulk: this.bulk?.snapshot, snoozes: this.snoozeNotes() });', 'bulk: this.bulk?.snapshot });')],
      specs: [HANDLER],
      tests: ['tells the page each snooze, its end as the status bar words it'],
    },
    {
      protection: 'The settings page hears of snoozes and ends one through the host',
      part: 'End Snooze not among the page\'s requests',
      edits: [edit('src/app/settings/shared/protocol.ts', " request('bulkApply'), request('endSnooze'),", " request('bulkApply'),")],
      specs: [PROTOCOL],
      tests: ['accepts every well-formed message and returns an equal copy', 'ends a snooze only of a well-formed scope'],
    },
    {
      protection: 'Event switches keep one order across a save',
      edits: [edit('src/app/settings/shared/formState.ts', 'return Object.keys(offeredEvents(form) ?? {}).sort((a, b) => rank(a) - rank(b));', 'return Object.keys(offeredEvents(form) ?? {});')],
      specs: [`${T}/app/settings/formState.test.ts`],
      tests: ['keeps the rows in one order across the save'],
    },
    {
      protection: 'Save and Discard stay in view',
      edits: [edit('media/settings.css', '.form-actions {\n  position: sticky;\n', '.form-actions {\n')],
      specs: [`${T}/app/settings/pageDefaults.test.ts`],
      tests: ['keeps Save and Discard in view'],
    },
];
