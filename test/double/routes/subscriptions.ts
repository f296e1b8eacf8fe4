import type { FineGrainedPermission, FineGrainedPermissionName } from '../auth';
import { paginationHeaders, parsePagination, pageOfList } from '../http/pagination';
import { grapeError, json, messageError, type ApiResponse } from '../http/response';
import {
  canReadIssuable, canUpdateMergeRequest, groupLabels, isSubscribed, issuableSubscribed, labelSubscribed, projectLabels,
  setSubscription,
} from '../subscriptions/store';
import { canReadGroup, canReadProject } from '../world/access';
import { findGroup, findProject } from '../world/lookup';
import type { DoubleData, DoubleGroup, DoubleIssuable, DoubleLabel, DoubleProject, DoubleUser } from '../world/types';
import { READ_SCOPES, WRITE_SCOPES, type Route, type RouteContext } from './route';

/**
 * REST subscribe/unsubscribe (`lib/api/subscriptions.rb`, subscriptions note §5.2) and the label listings with their
 * `subscribed` field (§4): 201 and the entity when the state changed, 304 with no body when it already was (by
 * `subscribed?(user, project)`, which counts participation), 404 for what the caller cannot see, 403 on a merge
 * request the caller cannot update.
 */

const NOT_MODIFIED: ApiResponse = { status: 304, headers: {}, body: '' };

function project(context: RouteContext): DoubleProject | undefined {
  const found = findProject(context.double.data, context.params.id);
  return found && canReadProject(context.double.data, found, context.user?.id ?? null) ? found : undefined;
}

function group(context: RouteContext): DoubleGroup | undefined {
  const found = findGroup(context.double.data, context.params.id);
  return found && canReadGroup(context.double.data, found, context.user?.id ?? null) ? found : undefined;
}

/** The fields of `API::Entities::Issue` / `MergeRequest` a client reads, with `subscribed` for the caller. */
function presentIssuable(data: DoubleData, baseUrl: string, item: DoubleIssuable, p: DoubleProject, userId: number): Record<string, unknown> {
  const mr = item.model === 'MergeRequest';
  const path = `${p.pathWithNamespace}/-/${mr ? 'merge_requests' : 'issues'}/${item.iid}`;
  return {
    id: item.id, iid: item.iid, project_id: p.id, title: item.title, state: item.state, created_at: item.createdAt,
    updated_at: item.updatedAt, web_url: `${baseUrl}/${path}`, user_notes_count: item.userNotesCount,
    ...(mr ? { draft: item.draft } : { issue_type: item.issueType.toLowerCase() }),
    references: { short: `${mr ? '!' : '#'}${item.iid}`, full: `${p.pathWithNamespace}${mr ? '!' : '#'}${item.iid}` },
    subscribed: issuableSubscribed(data, item, userId),
  };
}

function presentLabel(data: DoubleData, label: DoubleLabel, userId: number, projectId: number | null): Record<string, unknown> {
  return {
    id: label.id, name: label.name, color: label.color, text_color: '#FFFFFF', description: label.description,
    description_html: '', open_issues_count: 0, closed_issues_count: 0, open_merge_requests_count: 0,
    subscribed: labelSubscribed(data, label, userId, projectId), priority: null, is_project_label: label.projectId !== null,
  };
}

function issuableAction(model: DoubleIssuable['model'], subscribed: boolean) {
  return (context: RouteContext): ApiResponse => {
    const { data, baseUrl } = context.double;
    const user = context.user as DoubleUser;
    const p = project(context);
    if (!p) return messageError(404, '404 Project Not Found');
    const iid = context.params.iid;
    const item = data.issuables.find((i) => i.model === model && i.projectId === p.id && String(i.iid) === iid);
    if (!item || !canReadIssuable(data, item, user.id)) return messageError(404, `404 ${model === 'Issue' ? 'Issue' : 'Merge Request'} Not Found`);
    // `find_merge_request_with_access(iid, :update_merge_request)`.
    if (model === 'MergeRequest' && !canUpdateMergeRequest(data, item, user.id)) return messageError(403, '403 Forbidden');
    if (issuableSubscribed(data, item, user.id) === subscribed) return NOT_MODIFIED;
    setSubscription(data, model, item.id, user.id, item.projectId, subscribed);
    return json(201, presentIssuable(data, baseUrl, item, p, user.id));
  };
}

/** `find_label(parent, id)`: by id or title, the parent's own labels and its ancestor groups'. */
function labelAction(scope: 'project' | 'group', subscribed: boolean) {
  return (context: RouteContext): ApiResponse => {
    const { data } = context.double;
    const user = context.user as DoubleUser;
    const parent = scope === 'project' ? project(context) : group(context);
    if (!parent) return messageError(404, `404 ${scope === 'project' ? 'Project' : 'Group'} Not Found`);
    const labels = scope === 'project' ? projectLabels(data, parent.id) : groupLabels(data, parent.id);
    const wanted = context.params.label_id;
    const label = labels.find((l) => String(l.id) === wanted) ?? labels.find((l) => l.name === wanted);
    if (!label) return messageError(404, '404 Label Not Found');
    const projectId = scope === 'project' ? parent.id : null;
    if (isSubscribed(data, 'Label', label.id, user.id, projectId) === subscribed) return NOT_MODIFIED;
    setSubscription(data, 'Label', label.id, user.id, projectId, subscribed);
    return json(201, presentLabel(data, label, user.id, projectId));
  };
}

function listLabels(scope: 'project' | 'group') {
  return (context: RouteContext): ApiResponse => {
    const { request, double } = context;
    const user = context.user as DoubleUser;
    const pagination = parsePagination(request.query);
    if (pagination.errors.length > 0 || !pagination.page) return grapeError(400, pagination.errors.join(', '));
    const parent = scope === 'project' ? project(context) : group(context);
    if (!parent) return messageError(404, `404 ${scope === 'project' ? 'Project' : 'Group'} Not Found`);
    const ownOnly = request.query.include_ancestor_groups === 'false';
    let labels = scope === 'project' ? projectLabels(double.data, parent.id) : groupLabels(double.data, parent.id);
    if (ownOnly) labels = labels.filter((l) => (scope === 'project' ? l.projectId === parent.id : l.groupId === parent.id));
    labels = [...labels].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
    const { items, counting } = pageOfList(labels, pagination.page);
    const headers = paginationHeaders(pagination.page, counting, { base: `${double.baseUrl}${request.rawPath}`, params: { ...request.query } });
    const projectId = scope === 'project' ? parent.id : null;
    return json(200, items.map((l) => presentLabel(double.data, l, user.id, projectId)), headers);
  };
}

/** Not on a server of the interface spec alone (`withoutDiscovery`). */
const enabled = (o: { withoutDiscovery: boolean }) => !o.withoutDiscovery;
/** A change, and the fine-grained permission GitLab asks of it at the parent's boundary (§3B). */
const post = (pattern: string, permission: FineGrainedPermission, handle: Route['handle']): Route =>
  ({ method: 'POST', pattern, auth: 'required', scopes: WRITE_SCOPES, permission, handle, enabled });
const at = (name: FineGrainedPermissionName, boundary: 'project' | 'group'): FineGrainedPermission => ({ name, boundary });

export const subscriptionRoutes: Route[] = [
  post('/projects/:id/issues/:iid/subscribe', at('subscribe_issue', 'project'), issuableAction('Issue', true)),
  post('/projects/:id/issues/:iid/unsubscribe', at('subscribe_issue', 'project'), issuableAction('Issue', false)),
  post('/projects/:id/merge_requests/:iid/subscribe', at('subscribe_merge_request', 'project'), issuableAction('MergeRequest', true)),
  post('/projects/:id/merge_requests/:iid/unsubscribe', at('subscribe_merge_request', 'project'), issuableAction('MergeRequest', false)),
  post('/projects/:id/labels/:label_id/subscribe', at('subscribe_label', 'project'), labelAction('project', true)),
  post('/projects/:id/labels/:label_id/unsubscribe', at('subscribe_label', 'project'), labelAction('project', false)),
  post('/groups/:id/labels/:label_id/subscribe', at('subscribe_label', 'group'), labelAction('group', true)),
  post('/groups/:id/labels/:label_id/unsubscribe', at('subscribe_label', 'group'), labelAction('group', false)),
  // `lib/api/labels.rb`, `lib/api/group_labels.rb`: `route_setting :authorization, permissions: :read_label`.
  { method: 'GET', pattern: '/projects/:id/labels', auth: 'required', scopes: READ_SCOPES, permission: at('read_label', 'project'), handle: listLabels('project'), enabled },
  { method: 'GET', pattern: '/groups/:id/labels', auth: 'required', scopes: READ_SCOPES, permission: at('read_label', 'group'), handle: listLabels('group'), enabled },
];
