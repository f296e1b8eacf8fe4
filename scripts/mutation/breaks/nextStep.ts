/** The next step offered, never a wrong default: the rows of that section of docs/protections.md. */
import { T, edit, type Section } from '../model';

const ROWS = `${T}/ui/activityTreeRows.test.ts`;
const PAGE = `${T}/app/settings/pageDefaults.test.ts`;
const PROJECT_PICKS = `${T}/ui/projectPicks.test.ts`;

export const section: Section = {
  breaks: [
    {
      protection: 'A row that offers an action says it first',
      part: 'Continue after how far the load got',
      edits: [edit('src/ui/lists/listRowText.ts', "return { label: t('Continue'), description: t('{0} pages read, {1} matching so far', formatCount(bound.requests, t), formatCount(bound.found, t)) };", "return { label: t('{0} pages read, {1} matching so far', formatCount(bound.requests, t), formatCount(bound.found, t)), description: t('Continue') };")],
      specs: [ROWS],
      tests: ['"Continue" leads the row of a tab\'s load that stopped at its bound'],
    },
    {
      protection: 'A row that offers an action says it first',
      part: 'Clear Filters after "No events match the filter"',
      edits: [edit('src/ui/lists/listRowText.ts', "return filtered ? { label: t('Clear Filters'), description: text } : { label: text };", "return filtered ? { label: text, description: t('Clear Filters') } : { label: text };")],
      specs: [ROWS],
      tests: ['"Clear Filters" leads the row of a filtered list with no events'],
    },
    {
      protection: 'A row that offers an action says it first',
      part: 'Retry after the error\'s message',
      edits: [edit('src/ui/lists/listStatusItems.ts', ": { label: vscode.l10n.t('Retry'), description: error.message };", ": { label: error.message, description: vscode.l10n.t('Retry') };")],
      specs: [ROWS],
      tests: ['an error row leads with its fix'],
    },
    {
      protection: 'A followed project or user GitLab does not know (404) can be removed from its error row',
      edits: [edit('src/ui/activity/nodes.ts', "    tags.push(kind === 'project' ? 'removableProject' : 'removableUser');\n", '')],
      specs: [`${T}/ui/activityNodes.test.ts`, ROWS],
      tests: ['can be removed from its error row', 'a followed project GitLab does not know (404) can be removed from it'],
    },
    {
      protection: 'My Activity\'s rows start with what was acted on',
      part: 'the verb first',
      edits: [edit('src/app/activity/eventRows.ts', '  if (description.subject !== undefined) {\n    const subject', '  if (description.subject === null) {\n    const subject')],
      specs: [`${T}/app/activity/eventRows.test.ts`],
      tests: ['leads with the target under Projects and Users', 'shortens a long title in the row'],
    },
    {
      protection: 'My Activity\'s rows start with what was acted on',
      part: 'a worded verb without its icon',
      edits: [edit('src/app/activity/eventIcon.ts', "  ['updated', 'edit'],\n", '')],
      specs: [`${T}/app/activity/eventIcon.test.ts`],
      tests: ['eventIconId issue updated', 'eventIconId merge request updated', 'says every verb the sentences word'],
    },
    {
      protection: 'Add Project adds only a project GitLab knows',
      part: 'not looked up',
      edits: [edit('src/ui/activity/projectPicks.ts', '    if (!api) return ref;\n', '    return ref;\n')],
      specs: [PROJECT_PICKS],
      tests: ['does not add a project GitLab does not know', 'adds a typed project GitLab knows, and remembers its name', 'asks before adding a project it could not look up'],
    },
    {
      protection: 'Add Project adds only a project GitLab knows',
      part: 'typed text dropped',
      edits: [edit('src/ui/activity/projectPicks.ts', 'typed = choice.value.trim();', "typed = '';")],
      specs: [PROJECT_PICKS],
      tests: ['carries what was typed in the project picker'],
    },
    {
      protection: 'The settings editor\'s Add form does not default to Group',
      edits: [edit('media/src/settings/model.ts', "add: { open: false, kind: 'either', ref: '' }", "add: { open: false, kind: 'group', ref: '' }")],
      specs: [PAGE],
      tests: ['does not default to a kind'],
    },
    {
      protection: 'Under a tab, the action and target type pickers offer only what it can take',
      edits: [
        edit('src/ui/activity/filterPicks.ts', 'combinableActions(tab, EVENT_ACTIONS).map(', 'EVENT_ACTIONS.map('),
        edit('src/ui/activity/filterPicks.ts', 'combinableTargetTypes(tab, EVENT_TARGET_TYPES).map(', 'EVENT_TARGET_TYPES.map('),
      ],
      specs: [`${T}/ui/filterPicks.test.ts`],
      tests: ['the action picker offers only the actions the tab can take', 'the target type picker under Push events offers none but "Any"'],
    },
    {
      protection: 'The bulk change starts with no level chosen',
      part: 'Disabled chosen at the start',
      edits: [edit('media/src/settings/model.ts', 'bulkSelection: new Set(), snoozes: [] };', "bulkSelection: new Set(), snoozes: [], bulkLevel: 'disabled' };")],
      specs: [PAGE],
      tests: ['starts with no level chosen, and Apply waits for one'],
    },
    {
      protection: 'The bulk change starts with no level chosen',
      part: 'no "Choose a level…" to start with',
      edits: [edit('media/src/settings/bulkPanel.ts', '${state.bulkLevel === undefined\n', '${false\n')],
      specs: [PAGE],
      tests: ['offers no level until one is chosen, with Apply disabled'],
    },
    {
      protection: 'Bulk results in the theme\'s foreground with a codicon each',
      part: 'the words in the description colour',
      edits: [edit('media/settings.css', '  padding: 2px 0;\n  color: var(--vscode-foreground);\n', '  padding: 2px 0;\n  color: var(--vscode-descriptionForeground);\n')],
      specs: [PAGE],
      tests: ['draws each result with a codicon, in the text\'s colour'],
    },
    {
      protection: 'Bulk results in the theme\'s foreground with a codicon each',
      part: 'no codicon',
      edits: [edit('media/src/settings/bulkPanel.ts', '${codicon(STATUS_ICONS[item.status])}', '')],
      specs: [PAGE],
      tests: ['draws each result with a codicon, in the text\'s colour'],
    },
    {
      protection: 'A finished run\'s results go when the selection changes',
      edits: [edit('src/app/settings/shared/formState.ts', 'report: form.report?.done ? undefined : form.report };', 'report: form.report };')],
      specs: [PAGE],
      tests: ['a finished run\'s results go when the selection changes'],
    },
    {
      protection: '"Reset to Global…" checks nothing to start with',
      edits: [edit('src/ui/settings/overridesOverviewPick.ts', 'detail: row.path, picked: false, row,', 'detail: row.path, picked: true, row,')],
      specs: [`${T}/ui/overridesReset.test.ts`],
      tests: ['offers the scopes that differ from global with none checked'],
    },
    {
      protection: 'The status bar\'s pick opens on the level set now',
      part: 'the level set now last',
      edits: [edit('src/app/settings/levelPick.ts', 'const levels: string[] = [own, ...offered.filter((level) => level !== own)];', 'const levels: string[] = [...offered.filter((level) => level !== own), own];')],
      specs: [`${T}/ui/levelPick.test.ts`],
      tests: ['opens on the level set now, each level with the editor\'s one-line explanation', 'puts the level set now first'],
    },
    {
      protection: 'The status bar\'s pick opens on the level set now',
      part: 'no explanation',
      edits: [edit('src/app/settings/levelPick.ts', '    detail: levelExplanation(level, t),\n', '')],
      specs: [`${T}/ui/levelPick.test.ts`],
      tests: ['opens on the level set now, each level with the editor\'s one-line explanation'],
    },
    {
      protection: 'The Markdown copy renders server text as itself wherever it stands',
      edits: [edit('src/app/activity/markdownEscape.ts', 'escaped += escapes[i] ? `\\\\${line[i]}` : line[i];', 'escaped += line[i];')],
      specs: [`${T}/app/activity/markdownEscape.test.ts`, `${T}/app/activity/activityMarkdown.test.ts`],
      tests: ['renders any text as that text and nothing else at position', 'escapes what would be read as syntax where it stands', 'escapes all server text (property', 'ends with the note of an incomplete copy'],
    },
    {
      protection: '…and escapes nothing more',
      edits: [
        edit('src/app/activity/activityMarkdown.ts', "import { literalMarkdown, markdownLinkDestination } from './markdownEscape';", "import { escapeMarkdown, literalMarkdown, markdownLinkDestination } from './markdownEscape';"),
        edit('src/app/activity/activityMarkdown.ts', "const text = literalMarkdown(withAuthor ? description.sentence : description.label, 'block');", 'const text = escapeMarkdown(withAuthor ? description.sentence : description.label);'),
      ],
      specs: [`${T}/app/activity/activityMarkdown.test.ts`],
      tests: ['pastes references, versions and paths as written'],
    },
    {
      protection: 'The Markdown copy (and event details) open read-only',
      edits: [edit('src/ui/readOnlyDocuments.ts', 'await vscode.workspace.openTextDocument(uri)', "await vscode.workspace.openTextDocument({ language: 'markdown', content })")],
      specs: [`${T}/ui/markdownCopyDocument.test.ts`],
      tests: ['opens its copy read-only as a document of the extension\'s own scheme'],
    },
    {
      protection: 'Export proposes the home folder, not the repository',
      edits: [edit('src/ui/settings/profileCommands.ts', "defaultUri: this.deps.homeFolder ? vscode.Uri.joinPath(vscode.Uri.file(this.deps.homeFolder), 'gitlab-notifications.json') : undefined,", 'defaultUri: undefined,')],
      specs: [`${T}/ui/profileExport.test.ts`],
      tests: ['proposes the home folder the host has'],
    },
  ],
  elsewhere: [
  ],
};
