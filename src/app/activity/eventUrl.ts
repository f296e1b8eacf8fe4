import type { GitLabEvent, Note, PushData } from '../../gitlab/types';
import { actionNameOf, eventShape } from './eventShape';
import { commitSha, positiveInteger } from '../plainText';
import type { ProjectInfo, ProjectLookup } from './projectInfo';
import { targetKindOf } from './targetKind';
import { httpUrl, isInstancePage } from '../instance';
import { pathStaysUnder } from '../../gitlab/url';

/**
 * The web page of an event, derived from the project's web URL and the instance URL. Everything the server
 * sends is treated as hostile: only http(s) on the instance's own origin, every path part percent-encoded,
 * no dot segments (which a URL parser would resolve out of the project), numbers checked as numbers.
 */
export interface EventUrlContext {
  /** The configured instance, e.g. `https://gitlab.example.com` or `https://example.com/gitlab`. */
  instanceUrl: string;
  lookupProject: ProjectLookup;
  /**
   * `projectWebUrl` of a project id, when the caller keeps it per project (it parses two URLs, the same for every
   * event of a project); computed from `lookupProject` otherwise.
   */
  projectPage?: (projectId: number) => string | undefined;
}

function trimSlashes(path: string): string {
  return path.replace(/\/+$/, '');
}

/** Each `/`-separated part encoded; undefined when a part is empty, `.` or `..`. */
export function encodePathParts(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const parts = value.split('/');
  if (parts.some((part) => part === '' || part === '.' || part === '..')) return undefined;
  return parts.map((part) => encodeURIComponent(part)).join('/');
}

/** The project's page, `origin + path` without query, fragment or credentials; undefined when unsafe. */
export function projectWebUrl(info: ProjectInfo | undefined, instanceUrl: string): string | undefined {
  const root = httpUrl(instanceUrl);
  if (!root || !info) return undefined;
  const rootPath = trimSlashes(root.pathname);
  const web = httpUrl(info.webUrl);
  if (web && isInstancePage(web, root)) {
    const path = trimSlashes(web.pathname);
    if (path.length > rootPath.length) return `${root.origin}${path}`;
  }
  // A missing or foreign web URL is ignored; the path is enough to build the page on the instance itself.
  const path = encodePathParts(info.pathWithNamespace);
  return path ? `${root.origin}${rootPath}/${path}` : undefined;
}

function noteAnchor(note: Note, event: GitLabEvent): string | undefined {
  const id = positiveInteger(note.id) ?? positiveInteger(event.target_id);
  return id ? `#note_${id}` : undefined;
}

function notePath(note: Note | undefined, event: GitLabEvent): string | undefined {
  if (!note) return undefined;
  const anchor = noteAnchor(note, event);
  if (!anchor) return undefined;
  const iid = positiveInteger(note.noteable_iid);
  switch (targetKindOf(note.noteable_type)) {
    case 'issue': return iid ? `/-/issues/${iid}${anchor}` : undefined;
    case 'merge_request': return iid ? `/-/merge_requests/${iid}${anchor}` : undefined;
    case 'work_item': return iid ? `/-/work_items/${iid}${anchor}` : undefined;
    case 'snippet': {
      const id = positiveInteger(note.noteable_id);
      return id ? `/-/snippets/${id}${anchor}` : undefined;
    }
    case 'commit': {
      // GitLab sends no SHA with a comment on a commit (only diff notes on merge requests carry `commit_id`):
      // without one the project's page is the nearest true link.
      const sha = commitSha(note.commit_id);
      return sha ? `/-/commit/${sha}${anchor}` : '';
    }
    default: return undefined;
  }
}

function pushPath(push: PushData | undefined, pushKind: 'new' | 'removed' | 'pushed'): string | undefined {
  if (!push || pushKind === 'removed') return undefined; // a deleted ref has no page
  const from = commitSha(push.commit_from);
  const to = commitSha(push.commit_to);
  const ref = encodePathParts(push.ref);
  if (pushKind === 'new') {
    if (ref) return `/-/tree/${ref}`;
    return to ? `/-/commit/${to}` : undefined;
  }
  const count = positiveInteger(push.commit_count) ?? 0;
  if (count > 1 && from && to) return `/-/compare/${from}...${to}`;
  if (to) return `/-/commit/${to}`;
  return ref ? `/-/tree/${ref}` : undefined;
}

function targetPath(event: GitLabEvent, target: string): string | undefined {
  const iid = positiveInteger(event.target_iid);
  switch (target) {
    case 'issue': return iid ? `/-/issues/${iid}` : undefined;
    case 'merge_request': return iid ? `/-/merge_requests/${iid}` : undefined;
    case 'milestone': return iid ? `/-/milestones/${iid}` : undefined;
    case 'work_item': return iid ? `/-/work_items/${iid}` : undefined;
    case 'snippet': {
      const id = positiveInteger(event.target_id) ?? iid;
      return id ? `/-/snippets/${id}` : undefined;
    }
    case 'vulnerability': {
      const id = positiveInteger(event.target_id);
      return id ? `/-/security/vulnerabilities/${id}` : undefined;
    }
    case 'wiki_page': {
      const slug = encodePathParts(event.wiki_page?.slug);
      return slug ? `/-/wikis/${slug}` : undefined;
    }
    case 'project': return '';
    default: return undefined; // epics and designs live outside the project's paths; unknown types are unknown
  }
}

const GONE = new Set(['destroyed', 'deleted', 'removed']);

/** The path under the project's page, '' for the project itself, undefined when none can be derived. */
function eventPath(event: GitLabEvent): string | undefined {
  const shape = eventShape(event);
  switch (shape.kind) {
    case 'push': return pushPath(shape.push, shape.pushKind);
    case 'note': return notePath(shape.note, event);
    case 'project': return '';
    case 'target': return GONE.has(actionNameOf(event)) ? undefined : targetPath(event, shape.target);
  }
}

export function eventWebUrl(event: GitLabEvent, context: EventUrlContext): string | undefined {
  const projectId = positiveInteger(event.project_id);
  if (!projectId) return undefined;
  const base = context.projectPage ? context.projectPage(projectId) : projectWebUrl(context.lookupProject(projectId), context.instanceUrl);
  if (!base) return undefined;
  const path = eventPath(event);
  if (path === undefined) return undefined;
  // Parse the result once more: it must still be an http(s) page under the project, also as the server reads its path
  // (a `\..` in a ref is a dot segment to a server that reads `\` as `/`). `base` is an origin followed by a path, so
  // "base starts with the result's origin and a slash" is "the same origin", without parsing base again.
  const url = httpUrl(`${base}${path}`);
  if (!url || !base.startsWith(`${url.origin}/`) || !url.href.startsWith(base)) return undefined;
  const projectPath = base.slice(url.origin.length);
  return url.pathname === projectPath || pathStaysUnder(url.pathname, projectPath) ? url.href : undefined;
}
