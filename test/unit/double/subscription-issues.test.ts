import assert from 'node:assert/strict';
import { GitLabDouble } from '../../double';
import { call, FIXED_NOW, TOKEN } from './http';

/**
 * `Project.issues` and `Group.issues` of the double as GitLab declares them (`ProjectIssuesResolver`,
 * `GroupIssuesResolver` with `GroupIssuableResolver`: `includeSubgroups` and `includeArchived`, both false by default),
 * with the `subscribed` filter where the version has it.
 */

type Counts = { data?: { group?: Record<string, { count: number }>; project?: Record<string, { count: number }> }; errors?: Array<{ message: string; extensions?: { code?: string } }> };

async function graphql(double: GitLabDouble, query: string): Promise<Counts> {
  const reply = await call(double, `${double.url}/api/graphql`, {
    method: 'POST', token: TOKEN, body: JSON.stringify({ query }), headers: { 'content-type': 'application/json' },
  });
  return reply.body as Counts;
}

describe('GitLab double: Project.issues and Group.issues', () => {
  let double: GitLabDouble;
  afterEach(async () => { await double?.close(); });

  it('a group counts its own projects, its subgroups\' with includeSubgroups, archived ones with includeArchived', async () => {
    double = await GitLabDouble.start({ now: () => FIXED_NOW });
    const query = `{ group(fullPath: "acme") {
      own: issues(state: all) { count }
      deep: issues(state: all, includeSubgroups: true) { count }
      archived: issues(state: all, includeSubgroups: true, includeArchived: true) { count }
    } }`;
    const inProject = (id: number) => double.data.issuables.filter((i) => i.model === 'Issue' && i.projectId === id).length;
    let group = (await graphql(double, query)).data!.group!;
    assert.deepEqual([group.own.count, group.deep.count, group.archived.count], [inProject(1), inProject(1) + inProject(2), inProject(1) + inProject(2)]);
    double.data.projects.find((p) => p.id === 2)!.archived = true;
    group = (await graphql(double, query)).data!.group!;
    assert.deepEqual([group.deep.count, group.archived.count], [inProject(1), inProject(1) + inProject(2)]);
  });

  it('a project\'s issues take the subscribed filter (current) and refuse it before 17.5', async () => {
    double = await GitLabDouble.start({ now: () => FIXED_NOW });
    const query = '{ project(fullPath: "acme/website") { all: issues { count } subs: issues(subscribed: EXPLICITLY_SUBSCRIBED) { count } } }';
    const project = (await graphql(double, query)).data!.project!;
    assert.ok(project.subs.count > 0 && project.subs.count < project.all.count);
    await double.close();
    double = await GitLabDouble.start({ now: () => FIXED_NOW, graphql: '17.4' });
    const refused = await graphql(double, query);
    assert.equal(refused.data, undefined);
    assert.equal(refused.errors?.[0].extensions?.code, 'argumentNotAccepted');
  });
});
