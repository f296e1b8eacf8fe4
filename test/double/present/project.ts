import type { DoubleProject } from '../world/types';

/** Project entities (behaviour note §1.11). Projects have no `full_path`: `path_with_namespace` it is. */

function namespaceOf(baseUrl: string, project: DoubleProject): Record<string, unknown> {
  const ns = project.namespace;
  return {
    id: ns.id, name: ns.name, path: ns.path, kind: ns.kind, full_path: ns.fullPath, parent_id: ns.parentId,
    avatar_url: null, web_url: ns.kind === 'group' ? `${baseUrl}/groups/${ns.fullPath}` : `${baseUrl}/${ns.fullPath}`,
  };
}

/** BasicProjectDetails (`simple=true`). */
export function presentProjectSimple(baseUrl: string, project: DoubleProject): Record<string, unknown> {
  const host = new URL(baseUrl).host;
  const webUrl = `${baseUrl}/${project.pathWithNamespace}`;
  return {
    id: project.id, description: project.description, name: project.name,
    name_with_namespace: project.nameWithNamespace, path: project.path, path_with_namespace: project.pathWithNamespace,
    created_at: project.createdAt, default_branch: project.defaultBranch, tag_list: [...project.topics],
    topics: [...project.topics], ssh_url_to_repo: `git@${host.split(':')[0]}:${project.pathWithNamespace}.git`,
    http_url_to_repo: `${webUrl}.git`, web_url: webUrl, readme_url: `${webUrl}/-/blob/${project.defaultBranch}/README.md`,
    forks_count: project.forksCount, avatar_url: null, star_count: project.starCount,
    last_activity_at: project.lastActivityAt, namespace: namespaceOf(baseUrl, project),
  };
}

/** A subset of the full project entity: the simple one plus visibility, archive state and the caller's access. */
export function presentProject(
  baseUrl: string, project: DoubleProject, access: { project: number; group: number } | null,
): Record<string, unknown> {
  return {
    ...presentProjectSimple(baseUrl, project), visibility: project.visibility, archived: project.archived,
    empty_repo: false, issues_enabled: true, merge_requests_enabled: true, wiki_enabled: true,
    permissions: access === null ? undefined : {
      project_access: access.project > 0 ? { access_level: access.project, notification_level: 3 } : null,
      group_access: access.group > 0 ? { access_level: access.group, notification_level: 3 } : null,
    },
  };
}
