import type { DoubleGroup } from '../world/types';

/** Entities::Group, the keys a client uses (behaviour note §1.12). */
export function presentGroup(baseUrl: string, group: DoubleGroup): Record<string, unknown> {
  return {
    id: group.id, web_url: `${baseUrl}/groups/${group.fullPath}`, name: group.name, path: group.path,
    description: group.description, visibility: group.visibility, share_with_group_lock: false,
    require_two_factor_authentication: false, project_creation_level: 'developer', subgroup_creation_level: 'maintainer',
    emails_enabled: true, lfs_enabled: true, default_branch: null, request_access_enabled: true, avatar_url: null,
    full_name: group.fullName, full_path: group.fullPath, created_at: group.createdAt, parent_id: group.parentId,
    organization_id: 1,
  };
}
