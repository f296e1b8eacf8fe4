import assert from 'node:assert/strict';
import { GitLabDouble } from '../../double';
import { call, FIXED_NOW, linkRels, links } from './http';

/** GET /user, /projects, /groups as the extension calls them (behaviour note §1.10–1.12). */
describe('GitLab double: user, projects and groups', () => {
  let double: GitLabDouble;
  before(async () => {
    double = await GitLabDouble.start({ now: () => FIXED_NOW, events: 20 });
  });
  after(() => double.close());

  describe('GET /user', () => {
    it('answers the token\'s user with the UserPublic fields a client reads', async () => {
      const reply = await call(double, '/user');
      const user = reply.body;
      assert.deepEqual(
        { id: user.id, username: user.username, name: user.name, state: user.state, email: user.email },
        { id: 1, username: 'alex', name: 'Alex Rivera', state: 'active', email: 'alex@example.com' },
      );
      assert.equal(user.web_url, `${double.url}/alex`);
      assert.equal(user.avatar_url, `${double.url}/uploads/-/system/user/avatar/1/avatar.png`);
      assert.equal(user.last_activity_on, '2024-06-15');
      assert.equal(user.private_profile, false);
      assert.deepEqual(Object.keys(user).slice(0, 7), ['id', 'username', 'name', 'state', 'locked', 'avatar_url', 'web_url']);
    });
  });

  describe('GET /projects', () => {
    it('membership=true&simple=true lists the caller\'s projects as BasicProjectDetails', async () => {
      const reply = await call(double, '/projects?membership=true&simple=true');
      assert.deepEqual(reply.body.map((p: any) => p.path_with_namespace).sort(), [
        'acme/platform/billing', 'acme/website', 'alex/dotfiles', 'design-team/mockups',
      ]);
      const billing = reply.body.find((p: any) => p.id === 2);
      assert.equal(billing.name_with_namespace, 'Acme / Platform / Billing');
      assert.equal(billing.web_url, `${double.url}/acme/platform/billing`);
      assert.deepEqual(billing.namespace, {
        id: 2, name: 'Platform', path: 'platform', kind: 'group', full_path: 'acme/platform', parent_id: 1,
        avatar_url: null, web_url: `${double.url}/groups/acme/platform`,
      });
      assert.ok(!('full_path' in billing) && !('visibility' in billing));
      const dotfiles = reply.body.find((p: any) => p.id === 5);
      assert.equal(dotfiles.namespace.kind, 'user');
    });

    it('orders by last activity, newest first, when asked as the extension asks', async () => {
      const reply = await call(double, '/projects?membership=true&simple=true&order_by=last_activity_at');
      const times = reply.body.map((p: any) => p.last_activity_at as string);
      assert.deepEqual(reply.body.map((p: any) => p.id).sort(), [1, 2, 3, 5]);
      assert.deepEqual(times, [...times].sort().reverse());
    });

    it('paginates with the defaults in Link', async () => {
      const reply = await call(double, '/projects?membership=true&per_page=2');
      assert.deepEqual(linkRels(reply), ['next', 'first', 'last']);
      assert.equal(links(reply).next, `${double.apiUrl}/projects?membership=true&order_by=created_at&page=2&per_page=2&sort=desc`);
      assert.equal(reply.headers.get('x-total'), '4');
    });

    it('GET /projects/:id answers the project with visibility and the caller\'s access', async () => {
      const reply = await call(double, '/projects/acme%2Fplatform%2Fbilling');
      assert.equal(reply.body.id, 2);
      assert.equal(reply.body.visibility, 'private');
      assert.deepEqual(reply.body.permissions.group_access, { access_level: 50, notification_level: 3 });
      assert.equal(reply.body.permissions.project_access, null);
      assert.deepEqual((await call(double, '/projects/7')).body, { message: '404 Project Not Found' });
      const anonymous = await call(double, '/projects/1', { token: null });
      assert.ok(!('permissions' in anonymous.body));
    });
  });

  describe('GET /groups', () => {
    it('lists the caller\'s groups and their subgroups, by name', async () => {
      const reply = await call(double, '/groups');
      assert.deepEqual(reply.body.map((g: any) => g.full_path), ['acme', 'acme/platform']);
      const child = reply.body[1];
      assert.deepEqual(
        { name: child.name, full_name: child.full_name, parent_id: child.parent_id, web_url: child.web_url },
        { name: 'Platform', full_name: 'Acme / Platform', parent_id: 1, web_url: `${double.url}/groups/acme/platform` },
      );
      assert.equal(links(reply).first, `${double.apiUrl}/groups?order_by=name&page=1&per_page=20&sort=asc`);
    });

  });
});
