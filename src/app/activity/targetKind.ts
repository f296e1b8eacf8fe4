import { plainLine, truncate } from '../plainText';

/**
 * What an event is about, from GitLab's open set of capitalised class names (behaviour note §3.5). Names the
 * extension does not know are `other` and are shown as plain words, never dropped.
 */
export type TargetKind =
  | 'issue' | 'merge_request' | 'milestone' | 'work_item' | 'epic' | 'note' | 'wiki_page' | 'design'
  | 'snippet' | 'commit' | 'project' | 'user' | 'vulnerability' | 'other';

// Keys are lower case without underscores, so `MergeRequest` and the filter's `merge_request` both match.
const KINDS = new Map<string, TargetKind>([
  ['issue', 'issue'],
  ['mergerequest', 'merge_request'],
  ['milestone', 'milestone'],
  ['workitem', 'work_item'],
  ['epic', 'epic'],
  ['note', 'note'],
  ['diffnote', 'note'],
  ['discussionnote', 'note'],
  ['legacydiffnote', 'note'],
  ['wikipage::meta', 'wiki_page'],
  ['wikipage', 'wiki_page'],
  ['wiki', 'wiki_page'],
  ['designmanagement::design', 'design'],
  ['design', 'design'],
  ['snippet', 'snippet'],
  ['projectsnippet', 'snippet'],
  ['personalsnippet', 'snippet'],
  ['commit', 'commit'],
  ['project', 'project'],
  ['user', 'user'],
  ['vulnerability', 'vulnerability'],
]);

function normalisedKind(typeName: string): TargetKind | undefined {
  if (typeName.trim() === '') return undefined;
  return KINDS.get(typeName.trim().toLowerCase().replace(/_/g, '')) ?? 'other';
}

// GitLab's own spellings, read once here: every event asks, and trimming, lower-casing and a regex per event add up.
const AS_SENT = new Map<string, TargetKind | undefined>(
  ['Issue', 'MergeRequest', 'Note', 'DiffNote', 'DiscussionNote', 'LegacyDiffNote', 'WorkItem', 'Milestone', 'Epic', 'WikiPage::Meta',
    'DesignManagement::Design', 'Snippet', 'ProjectSnippet', 'PersonalSnippet', 'Commit', 'Project', 'User', 'Vulnerability']
    .map((name) => [name, normalisedKind(name)]),
);

export function targetKindOf(typeName: string | null | undefined): TargetKind | undefined {
  if (typeof typeName !== 'string') return undefined;
  const kind = AS_SENT.get(typeName);
  return kind !== undefined ? kind : normalisedKind(typeName);
}

/** `FooBar::Baz` → `foo bar baz`, `HTTPServer` → `http server`, `merge_request` → `merge request`. */
export function plainWords(name: string | null | undefined): string {
  const words = plainLine(name)
    .replace(/::|[_\-./]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase();
  return truncate(plainLine(words), 80);
}
