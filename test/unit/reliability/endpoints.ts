import { NO_FILTER, validateFilter, type GitLabApi } from '../../../src/gitlab';

/**
 * Every GitLab call the extension makes, as the fault matrix and the property tests drive them. Entities come from
 * the double's generated world (test/double/README.md): nested paths and a dotted username exercise the encoding.
 */
/** What an endpoint answers with, for checking a parsed result. */
export type BodyShape = 'setting' | 'events' | 'user' | 'project' | 'projects' | 'groups';

export interface EndpointCase {
  /** As the table shows it. */
  name: string;
  shape: BodyShape;
  method: 'GET' | 'PUT';
  /** The decoded path under /api/v4 that a fault rule matches. */
  path: string;
  call(api: GitLabApi): Promise<unknown>;
}

export const ENDPOINTS: readonly EndpointCase[] = [
  {
    name: 'GET /notification_settings', shape: 'setting', method: 'GET', path: '/notification_settings',
    call: (api) => api.getNotificationSettings({ kind: 'global' }),
  },
  {
    name: 'PUT /notification_settings', shape: 'setting', method: 'PUT', path: '/notification_settings',
    call: (api) => api.updateNotificationSettings({ kind: 'global' }, { level: 'watch' }),
  },
  {
    name: 'GET /groups/:id/notification_settings', shape: 'setting', method: 'GET', path: '/groups/acme/platform/notification_settings',
    call: (api) => api.getNotificationSettings({ kind: 'group', id: 'acme/platform' }),
  },
  {
    name: 'PUT /groups/:id/notification_settings', shape: 'setting', method: 'PUT', path: '/groups/acme/platform/notification_settings',
    call: (api) => api.updateNotificationSettings({ kind: 'group', id: 'acme/platform' }, { level: 'custom', events: { new_note: true } }),
  },
  {
    name: 'GET /projects/:id/notification_settings', shape: 'setting', method: 'GET', path: '/projects/acme/platform/billing/notification_settings',
    call: (api) => api.getNotificationSettings({ kind: 'project', id: 'acme/platform/billing' }),
  },
  {
    name: 'PUT /projects/:id/notification_settings', shape: 'setting', method: 'PUT', path: '/projects/acme/platform/billing/notification_settings',
    call: (api) => api.updateNotificationSettings({ kind: 'project', id: 'acme/platform/billing' }, { level: 'participating' }),
  },
  {
    name: 'GET /events', shape: 'events', method: 'GET', path: '/events',
    call: (api) => api.listEvents({ kind: 'mine' }, validateFilter({ sort: 'desc' }), { page: 1, perPage: 20 }),
  },
  {
    name: 'GET /users/:id/events', shape: 'events', method: 'GET', path: '/users/sam.taylor/events',
    call: (api) => api.listEvents({ kind: 'user', id: 'sam.taylor' }, NO_FILTER, { page: 1, perPage: 20 }),
  },
  {
    name: 'GET /projects/:id/events', shape: 'events', method: 'GET', path: '/projects/1/events',
    call: (api) => api.listEvents({ kind: 'project', id: 1 }, validateFilter({ action: 'pushed' }), { page: 1, perPage: 20 }),
  },
  { name: 'GET /user', shape: 'user', method: 'GET', path: '/user', call: (api) => api.getCurrentUser() },
  {
    name: 'GET /projects/:id', shape: 'project', method: 'GET', path: '/projects/acme/website',
    call: (api) => api.getProject('acme/website'),
  },
  {
    name: 'GET /projects?membership=true', shape: 'projects', method: 'GET', path: '/projects',
    call: (api) => api.listMyProjects({ perPage: 20 }),
  },
  { name: 'GET /groups', shape: 'groups', method: 'GET', path: '/groups', call: (api) => api.listGroups({ perPage: 20 }) },
];

/** Calls that put an ID, a full path or a username into the URL. */
export interface IdEndpointCase {
  name: string;
  method: 'GET' | 'PUT';
  /** The fixed segment before the ID, and the one after it if any. */
  before: string;
  after?: string;
  /** The query parameters the call sends, sorted. */
  query: string[];
  call(api: GitLabApi, id: string | number): Promise<unknown>;
}

export const ID_ENDPOINTS: readonly IdEndpointCase[] = [
  { name: 'GET group settings', method: 'GET', before: 'groups', after: 'notification_settings', query: [], call: (api, id) => api.getNotificationSettings({ kind: 'group', id }) },
  { name: 'PUT group settings', method: 'PUT', before: 'groups', after: 'notification_settings', query: ['level'], call: (api, id) => api.updateNotificationSettings({ kind: 'group', id }, { level: 'watch' }) },
  { name: 'GET project settings', method: 'GET', before: 'projects', after: 'notification_settings', query: [], call: (api, id) => api.getNotificationSettings({ kind: 'project', id }) },
  { name: 'PUT project settings', method: 'PUT', before: 'projects', after: 'notification_settings', query: ['level'], call: (api, id) => api.updateNotificationSettings({ kind: 'project', id }, { level: 'disabled' }) },
  { name: 'user events', method: 'GET', before: 'users', after: 'events', query: [], call: (api, id) => api.listEvents({ kind: 'user', id }, NO_FILTER, {}) },
  { name: 'project events', method: 'GET', before: 'projects', after: 'events', query: [], call: (api, id) => api.listEvents({ kind: 'project', id }, NO_FILTER, {}) },
  { name: 'project', method: 'GET', before: 'projects', query: ['simple'], call: (api, id) => api.getProject(id) },
];
