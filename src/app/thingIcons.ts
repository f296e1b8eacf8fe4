/** The codicon of a row whose kind of thing the extension does not know. */
export const UNKNOWN_THING_ICON = 'circle-outline';

/**
 * Each kind of thing the lists show, by its name in any of GitLab's spellings (`MergeRequest` in to-dos and events,
 * `merge_request` in target types, `mergeRequest` in subscriptions), and its codicon: the same in every view.
 */
const THING_ICONS: Readonly<Record<string, string>> = {
  issue: 'issues', workitem: 'issues', mergerequest: 'git-pull-request', epic: 'milestone', milestone: 'milestone',
  commit: 'git-commit', label: 'tag', key: 'key', wikipage: 'book', design: 'symbol-color', snippet: 'file-code',
  vulnerability: 'shield', user: 'person', project: 'repo',
};

/** A codicon id for a kind of thing, the server's word (the shell makes the ThemeIcon). */
export function thingIconId(kind: string): string {
  const key = kind.replace(/_/g, '').toLowerCase();
  return Object.prototype.hasOwnProperty.call(THING_ICONS, key) ? THING_ICONS[key] : UNKNOWN_THING_ICON;
}
