import type { DoubleEvent, DoubleProject, DoubleUser } from '../world/types';
import { presentUserBasic } from './user';

/** `Event#action_name`, evaluated in GitLab's order (behaviour note §3.4). */
export function actionName(event: DoubleEvent, project: DoubleProject | undefined): string {
  if (event.action === 'pushed') {
    if (event.pushData?.action === 'created') return 'pushed new';
    if (event.pushData?.action === 'removed') return 'deleted';
    return 'pushed to';
  }
  if (event.targetType === 'DesignManagement::Design') {
    const design: Partial<Record<string, string>> = { created: 'added', updated: 'updated', destroyed: 'removed' };
    const name = design[event.action];
    if (name) return name;
  }
  switch (event.action) {
    case 'closed': return 'closed';
    case 'merged': return 'accepted';
    case 'joined': return 'joined';
    case 'left': return 'left';
    case 'expired': return 'removed due to membership expiration from';
    case 'destroyed': return 'destroyed';
    case 'commented': return 'commented on';
    default: break;
  }
  if (event.targetType === 'WikiPage::Meta' && (event.action === 'created' || event.action === 'updated')) return event.action;
  if (event.action === 'created' && event.targetType === null && event.targetId === null) {
    return project?.importedFrom ? 'imported' : 'created';
  }
  if (event.action === 'approved') return 'approved';
  return 'opened';
}

function presentNote(baseUrl: string, event: DoubleEvent, author: DoubleUser | undefined): Record<string, unknown> | undefined {
  const note = event.note;
  if (!note) return undefined;
  const body: Record<string, unknown> = {
    id: note.id, type: note.type, body: note.body, attachment: null,
    author: author ? presentUserBasic(baseUrl, author) : undefined,
    created_at: event.createdAt, updated_at: event.createdAt, system: note.system,
    noteable_id: note.noteableId, noteable_type: note.noteableType, project_id: event.projectId,
  };
  // GitLab exposes `commit_id` on merge-request diff notes only (§3.6): a comment on a commit carries no SHA.
  if (note.type === 'DiffNote' && note.noteableType === 'MergeRequest') body.commit_id = note.commitId;
  if (note.type === 'DiffNote') {
    body.position = {
      base_sha: note.commitId, start_sha: note.commitId, head_sha: note.commitId, old_path: 'README.md',
      new_path: 'README.md', position_type: 'text', old_line: null, new_line: 1,
    };
  }
  body.resolvable = note.resolvable;
  if (note.resolvable) {
    body.resolved = note.resolved;
    body.resolved_by = note.resolved && author ? presentUserBasic(baseUrl, author) : null;
    body.resolved_at = note.resolved ? event.createdAt : null;
  }
  Object.assign(body, {
    confidential: note.confidential, internal: note.confidential, imported: false, imported_from: 'none',
    noteable_iid: note.noteableIid, commands_changes: {},
  });
  return body;
}

/** API::Entities::Event, keys in exposure order (§3.6): no `title`, `note` only for note targets. */
export function presentEvent(
  baseUrl: string, event: DoubleEvent, usersById: Map<number, DoubleUser>,
  projectsById: Map<number, DoubleProject>,
): Record<string, unknown> {
  const author = usersById.get(event.authorId);
  const body: Record<string, unknown> = {
    id: event.id, project_id: event.projectId, action_name: actionName(event, projectsById.get(event.projectId)),
    target_id: event.targetId, target_iid: event.targetIid, target_type: event.targetType, author_id: event.authorId,
    target_title: event.targetTitle, created_at: event.createdAt,
  };
  const note = presentNote(baseUrl, event, author);
  if (note) body.note = note;
  if (author) body.author = presentUserBasic(baseUrl, author);
  if (event.wikiPage) body.wiki_page = { ...event.wikiPage };
  body.imported = event.imported;
  body.imported_from = event.importedFrom;
  if (event.pushData) body.push_data = { ...event.pushData };
  body.author_username = author?.username ?? null;
  return body;
}

const pick = (from: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> =>
  Object.fromEntries(keys.filter((key) => key in from).map((key) => [key, from[key]]));

const SPEC_USER_KEYS = ['name', 'username', 'id', 'state', 'avatar_url', 'web_url'];
const SPEC_PUSH_KEYS = ['commit_count', 'action', 'ref_type', 'commit_from', 'commit_to', 'ref', 'commit_title'];
/** Every 10th event by id comes without `created_at`: the spec says it is "present on most items". */
const WITHOUT_TIME_EVERY = 10;

/**
 * The Event of the interface spec (`DoubleOptions.specEvents`), made from GitLab's: the spec's fields only, in the
 * order of its table. `target_iid`, `note.noteable_iid` and `data` appear in project listings only.
 */
export function presentSpecEvent(gitlab: Record<string, unknown>, event: DoubleEvent, projectListing: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = { title: null, ...pick(gitlab, ['project_id', 'action_name', 'target_id']) };
  if (projectListing) body.target_iid = gitlab.target_iid;
  Object.assign(body, pick(gitlab, ['target_type', 'target_title', 'author_id']));
  if (gitlab.author) body.author = pick(gitlab.author as Record<string, unknown>, SPEC_USER_KEYS);
  body.author_username = gitlab.author_username;
  if (event.id % WITHOUT_TIME_EVERY !== 0) body.created_at = gitlab.created_at;
  const note = gitlab.note as Record<string, unknown> | undefined;
  if (note) {
    if (projectListing) body.data = null;
    const keys = ['id', 'body', 'attachment', 'author', 'created_at', 'system', 'noteable_id', 'noteable_type'];
    body.note = pick(note, projectListing ? [...keys, 'noteable_iid'] : keys);
    if (note.author) (body.note as Record<string, unknown>).author = pick(note.author as Record<string, unknown>, SPEC_USER_KEYS);
  }
  if (gitlab.push_data) body.push_data = pick(gitlab.push_data as Record<string, unknown>, SPEC_PUSH_KEYS);
  return body;
}
