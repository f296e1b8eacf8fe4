import assert from 'node:assert/strict';
import { GitLabDouble } from '../../double';
import { call, FIXED_NOW, linkRels, links } from './http';

/** GET /user, /users, /projects, /groups (behaviour note §1.10–1.12). */
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

  describe('GET /users', () => {
    it('finds a user by exact username, ignoring case', async () => {
      const reply = await call(double, '/users?username=Sam.Taylor');
      assert.deepEqual(reply.body.map((u: any) => u.id), [2]);
      assert.equal(reply.headers.get('x-total'), '1');
    });

    it('searches names and usernames, anonymously too', async () => {
      const reply = await call(double, '/users?search=ri', { token: null });
      assert.deepEqual(reply.body.map((u: any) => u.username).sort(), ['alex', 'riley']);
    });

    it('GET /users/:id by id or username; a private profile shows only the basics', async () => {
      assert.equal((await call(double, '/users/jordan')).body.id, 3);
      const morgan = await call(double, '/users/4');
      assert.deepEqual(Object.keys(morgan.body), ['id', 'username', 'name', 'state', 'locked', 'avatar_url', 'web_url']);
      assert.ok('bio' in (await call(double, '/users/3')).body);
      assert.deepEqual((await call(double, '/users/404')).body, { message: '404 User Not Found' });
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

    it('without membership lists every project the caller can see', async () => {
      const reply = await call(double, '/projects');
      assert.deepEqual(reply.body.map((p: any) => p.id).sort(), [1, 2, 3, 4, 5, 6]);
      assert.ok('visibility' in reply.body[0] && 'permissions' in reply.body[0]);
      const anonymous = await call(double, '/projects', { token: null });
      assert.deepEqual(anonymous.body.map((p: any) => p.id).sort(), [1, 4]);
    });

    it('orders by created_at desc by default; order_by and sort change it', async () => {
      const ids = async (query: string) => (await call(double, `/projects?membership=true&${query}`)).body.map((p: any) => p.id);
      assert.deepEqual(await ids(''), [5, 3, 2, 1]);
      assert.deepEqual(await ids('order_by=id&sort=asc'), [1, 2, 3, 5]);
      assert.deepEqual(await ids('order_by=name&sort=asc'), [2, 5, 3, 1]);
      assert.deepEqual(await ids('order_by=last_activity_at'), [1, 2, 3, 5]);
    });

    it('filters by search, min_access_level, owned and visibility', async () => {
      const ids = async (query: string) => (await call(double, `/projects?${query}`)).body.map((p: any) => p.id).sort();
      assert.deepEqual(await ids('search=BILL'), [2]);
      assert.deepEqual(await ids('search=design&search_namespaces=true'), [3]);
      assert.deepEqual(await ids('min_access_level=30'), [1, 2, 5]);
      assert.deepEqual(await ids('owned=true'), [1, 2, 5]);
      assert.deepEqual(await ids('visibility=internal'), [6]);
      assert.deepEqual(await ids('archived=true'), []);
      assert.deepEqual(await ids('starred=true'), []);
    });

    it('paginates with the defaults in Link', async () => {
      const reply = await call(double, '/projects?membership=true&per_page=2');
      assert.deepEqual(linkRels(reply), ['next', 'first', 'last']);
      assert.equal(links(reply).next, `${double.apiUrl}/projects?membership=true&order_by=created_at&page=2&per_page=2&sort=desc`);
      assert.equal(reply.headers.get('x-total'), '4');
    });

    const bad: Array<[string, string]> = [
      ['membership=maybe', 'membership is invalid'],
      ['order_by=stars', 'order_by does not have a valid value'],
      ['sort=up', 'sort does not have a valid value'],
      ['min_access_level=25', 'min_access_level does not have a valid value'],
    ];
    for (const [query, error] of bad) {
      it(`${query} → 400`, async () => {
        const reply = await call(double, `/projects?${query}`);
        assert.equal(reply.status, 400);
        assert.deepEqual(reply.body, { error });
      });
    }

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

    it('all_available, anonymous callers, filters and order', async () => {
      const paths = async (query: string, token?: string | null) =>
        (await call(double, `/groups?${query}`, { token })).body.map((g: any) => g.full_path);
      assert.deepEqual(await paths('all_available=true'), ['acme', 'community', 'design-team', 'acme/platform']);
      assert.deepEqual(await paths('', null), ['acme', 'community', 'acme/platform']);
      assert.deepEqual(await paths('top_level_only=true'), ['acme']);
      assert.deepEqual(await paths('search=plat'), ['acme/platform']);
      assert.deepEqual(await paths('order_by=id&sort=desc'), ['acme/platform', 'acme']);
      assert.deepEqual(await paths('owned=true'), ['acme', 'acme/platform']);
      assert.deepEqual(await paths('min_access_level=50'), ['acme', 'acme/platform']);
      assert.deepEqual((await call(double, '/groups?order_by=size')).body, { error: 'order_by does not have a valid value' });
    });

    it('GET /groups/:id by id or full path', async () => {
      assert.equal((await call(double, '/groups/acme%2Fplatform')).body.id, 2);
      assert.deepEqual((await call(double, '/groups/design-team', { token: null })).body, { message: '404 Group Not Found' });
    });
  });
});
