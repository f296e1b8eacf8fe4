import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { GitLabEvent } from '../../../../src/gitlab/types';
import { encodePathParts, eventWebUrl, projectWebUrl, type EventUrlContext } from '../../../../src/app/activity/eventUrl';
import type { ProjectInfo } from '../../../../src/app/activity/projectInfo';
import { readsOutside } from '../serverReads';
import { makeEvent, noteEvent, projectEvent, pushEvent, SHA_FROM, SHA_TO } from './fixtures';

const INSTANCE = 'https://gitlab.example.com';
const PROJECT = `${INSTANCE}/group/project`;

function context(info: ProjectInfo | undefined = { webUrl: PROJECT, pathWithNamespace: 'group/project' },
  instanceUrl = INSTANCE): EventUrlContext {
  return { instanceUrl, lookupProject: (id) => (id === 5 ? info : undefined) };
}

const url = (event: GitLabEvent, ctx = context()): string | undefined => eventWebUrl(event, ctx);

describe('eventWebUrl', () => {
  describe('targets', () => {
    const cases: Array<[string, GitLabEvent, string | undefined]> = [
      ['issue', makeEvent(), `${PROJECT}/-/issues/12`],
      ['merge request', makeEvent({ target_type: 'MergeRequest', target_iid: 7 }), `${PROJECT}/-/merge_requests/7`],
      ['accepted merge request', makeEvent({ target_type: 'MergeRequest', action_name: 'accepted', target_iid: 53 }),
        `${PROJECT}/-/merge_requests/53`],
      ['milestone', makeEvent({ target_type: 'Milestone', target_iid: 2 }), `${PROJECT}/-/milestones/2`],
      ['work item', makeEvent({ target_type: 'WorkItem', target_iid: 3 }), `${PROJECT}/-/work_items/3`],
      ['snippet', makeEvent({ target_type: 'Snippet', target_id: 9, target_iid: 9 }), `${PROJECT}/-/snippets/9`],
      ['vulnerability', makeEvent({ target_type: 'Vulnerability', target_id: 44 }), `${PROJECT}/-/security/vulnerabilities/44`],
      ['wiki page', makeEvent({ target_type: 'WikiPage::Meta', action_name: 'updated', wiki_page: { slug: 'Home' } }),
        `${PROJECT}/-/wikis/Home`],
      ['nested wiki page', makeEvent({ target_type: 'WikiPage::Meta', action_name: 'created', wiki_page: { slug: 'dir/a b' } }),
        `${PROJECT}/-/wikis/dir/a%20b`],
      ['project target', makeEvent({ target_type: 'Project' }), PROJECT],
      ['joined', projectEvent('joined'), PROJECT],
      ['left', projectEvent('left'), PROJECT],
      ['created', projectEvent('created'), PROJECT],
      ['epic (a group page)', makeEvent({ target_type: 'Epic', target_iid: 2 }), undefined],
      ['design (needs its issue)', makeEvent({ target_type: 'DesignManagement::Design', action_name: 'added' }), undefined],
      ['unknown type', makeEvent({ target_type: 'FooBar' }), undefined],
      ['deleted issue (no page any more)', makeEvent({ action_name: 'destroyed' }), undefined],
      ['removed design', makeEvent({ target_type: 'DesignManagement::Design', action_name: 'removed' }), undefined],
      ['issue without iid', makeEvent({ target_iid: null }), undefined],
      ['issue with a negative iid', makeEvent({ target_iid: -3 }), undefined],
      ['wiki page without slug', makeEvent({ target_type: 'WikiPage::Meta', wiki_page: {} }), undefined],
      ['snippet without id', makeEvent({ target_type: 'Snippet', target_id: null, target_iid: null }), undefined],
      ['vulnerability without id', makeEvent({ target_type: 'Vulnerability', target_id: null }), undefined],
      ['milestone without iid', makeEvent({ target_type: 'Milestone', target_iid: null }), undefined],
      ['merge request without iid', makeEvent({ target_type: 'MergeRequest', target_iid: null }), undefined],
      ['work item without iid', makeEvent({ target_type: 'WorkItem', target_iid: null }), undefined],
    ];
    for (const [name, event, expected] of cases) {
      it(name, () => assert.equal(url(event), expected));
    }
  });

  describe('pushes', () => {
    const cases: Array<[string, GitLabEvent, string | undefined]> = [
      ['several commits: compare', pushEvent(), `${PROJECT}/-/compare/${SHA_FROM}...${SHA_TO}`],
      ['one commit', pushEvent({ commit_count: 1 }), `${PROJECT}/-/commit/${SHA_TO}`],
      ['several commits without a start', pushEvent({ commit_from: '0'.repeat(40) }), `${PROJECT}/-/commit/${SHA_TO}`],
      ['new branch', pushEvent({ action: 'created', ref: 'feature/x', commit_from: null }, 'pushed new'),
        `${PROJECT}/-/tree/feature/x`],
      ['new branch with a hostile ref', pushEvent({ action: 'created', ref: '../../../admin' }, 'pushed new'),
        `${PROJECT}/-/commit/${SHA_TO}`],
      ['new ref without ref or sha', pushEvent({ action: 'created', ref: null, commit_to: null }, 'pushed new'), undefined],
      ['deleted branch', pushEvent({ action: 'removed' }, 'deleted'), undefined],
      ['no commit, only a ref', pushEvent({ commit_count: 0, commit_to: null }), `${PROJECT}/-/tree/main`],
      ['bulk push', pushEvent({ commit_count: 0, ref_count: 5, commit_from: null, commit_to: null, ref: null, commit_title: null }),
        undefined],
      ['push without push_data', makeEvent({ action_name: 'pushed to', target_type: null }), undefined],
      ['hostile sha', pushEvent({ commit_count: 1, commit_to: '../../evil', ref: null }), undefined],
    ];
    for (const [name, event, expected] of cases) {
      it(name, () => assert.equal(url(event), expected));
    }

    it('links no ref that a server reading `\\` as `/` resolves out of the project', () => {
      const event = pushEvent({ action: 'created', ref: '\\..\\..\\..\\..\\other', commit_to: null }, 'pushed new');
      assert.equal(url(event), undefined);
      const inside = pushEvent({ action: 'created', ref: 'a\\b', commit_to: null }, 'pushed new');
      assert.equal(url(inside), `${PROJECT}/-/tree/a%5Cb`);
    });

    it('encodes each part of a ref', () => {
      const event = pushEvent({ action: 'created', ref: 'fix/a b?c#d%2e%2e' }, 'pushed new');
      assert.equal(url(event), `${PROJECT}/-/tree/fix/a%20b%3Fc%23d%252e%252e`);
      const scheme = pushEvent({ action: 'created', ref: 'javascript:alert(1)' }, 'pushed new');
      assert.equal(url(scheme), `${PROJECT}/-/tree/javascript%3Aalert(1)`);
    });
  });

  describe('comments link to the note on its noteable', () => {
    const cases: Array<[string, GitLabEvent, string | undefined]> = [
      ['issue', noteEvent(), `${PROJECT}/-/issues/12#note_1312`],
      ['merge request', noteEvent({ type: 'DiffNote', noteable_type: 'MergeRequest', noteable_iid: 7 }, 'DiffNote'),
        `${PROJECT}/-/merge_requests/7#note_1312`],
      ['work item', noteEvent({ noteable_type: 'WorkItem', noteable_iid: 3 }), `${PROJECT}/-/work_items/3#note_1312`],
      // GitLab sends no commit_id with a comment on a commit (behaviour note §3.6): the project's page, not a broken URL.
      ['commit, as GitLab sends it', noteEvent({ noteable_type: 'Commit', noteable_id: null, noteable_iid: null }), PROJECT],
      ['commit, from a server that names the SHA', noteEvent({ noteable_type: 'Commit', noteable_iid: null, commit_id: SHA_FROM }),
        `${PROJECT}/-/commit/${SHA_FROM}#note_1312`],
      ['snippet', noteEvent({ noteable_type: 'Snippet', noteable_id: 9 }), `${PROJECT}/-/snippets/9#note_1312`],
      ['note id from target_id', { ...noteEvent(), note: { ...noteEvent().note!, id: 0 } }, `${PROJECT}/-/issues/12#note_1312`],
      ['no note id at all', { ...noteEvent(), target_id: null, note: { ...noteEvent().note!, id: 0 } }, undefined],
      ['design', noteEvent({ noteable_type: 'DesignManagement::Design' }), undefined],
      ['epic', noteEvent({ noteable_type: 'Epic', noteable_iid: 2 }), undefined],
      ['issue without iid', noteEvent({ noteable_iid: null }), undefined],
      ['merge request without iid', noteEvent({ noteable_type: 'MergeRequest', noteable_iid: null }), undefined],
      ['work item without iid', noteEvent({ noteable_type: 'WorkItem', noteable_iid: null }), undefined],
      ['commit with a null sha', noteEvent({ noteable_type: 'Commit', commit_id: null }), PROJECT],
      ['commit with something else than a sha', noteEvent({ noteable_type: 'Commit', commit_id: '../../evil' }), PROJECT],
      ['snippet without id', noteEvent({ noteable_type: 'Snippet', noteable_id: null }), undefined],
      ['no note object', makeEvent({ action_name: 'commented on', target_type: 'Note' }), undefined],
    ];
    for (const [name, event, expected] of cases) {
      it(name, () => assert.equal(url(event), expected));
    }
  });

  describe('the project page', () => {
    it('needs a project', () => {
      assert.equal(url(makeEvent({ project_id: null })), undefined);
      assert.equal(url(makeEvent({ project_id: 6 })), undefined);
      assert.equal(url(makeEvent(), { instanceUrl: INSTANCE, lookupProject: () => undefined }), undefined);
      assert.equal(url(makeEvent(), context({})), undefined, 'neither web URL nor path');
    });

    it('ignores a web URL on another origin and builds the page from the path instead', () => {
      const ctx = context({ webUrl: 'https://evil.example/group/project', pathWithNamespace: 'group/project' });
      assert.equal(url(makeEvent(), ctx), `${PROJECT}/-/issues/12`);
      const http = context({ webUrl: 'http://gitlab.example.com/group/project', pathWithNamespace: 'group/project' });
      assert.equal(url(makeEvent(), http), `${PROJECT}/-/issues/12`, 'a different scheme is a different origin');
      const port = context({ webUrl: 'https://gitlab.example.com:8443/x/y', pathWithNamespace: 'group/project' });
      assert.equal(url(makeEvent(), port), `${PROJECT}/-/issues/12`);
    });

    it('ignores a web URL of another scheme', () => {
      for (const webUrl of ['javascript:alert(1)//gitlab.example.com', 'command:workbench.action.terminal.new', 'file:///etc/passwd',
        'data:text/html,<script>', 'not a url']) {
        assert.equal(url(makeEvent(), context({ webUrl })), undefined, webUrl);
        assert.equal(url(makeEvent(), context({ webUrl, pathWithNamespace: 'g/p' })), `${INSTANCE}/g/p/-/issues/12`, webUrl);
      }
    });

    it('keeps neither credentials, query nor fragment of the web URL', () => {
      const ctx = context({ webUrl: 'https://user:secret@gitlab.example.com/group/project/?x=1#frag' });
      assert.equal(url(makeEvent(), ctx), `${PROJECT}/-/issues/12`);
    });

    it('refuses a path that climbs out of the instance', () => {
      assert.equal(url(makeEvent(), context({ pathWithNamespace: '../admin' })), undefined);
      assert.equal(url(makeEvent(), context({ pathWithNamespace: 'group//project' })), undefined);
      assert.equal(url(makeEvent(), context({ pathWithNamespace: '' })), undefined);
      assert.equal(url(makeEvent(), context({ pathWithNamespace: 'a b/c?d' })), `${INSTANCE}/a%20b/c%3Fd/-/issues/12`);
    });

    it('works under a relative URL root', () => {
      const root = 'https://example.com/gitlab/';
      assert.equal(url(makeEvent(), context({ webUrl: 'https://example.com/gitlab/g/p' }, root)),
        'https://example.com/gitlab/g/p/-/issues/12');
      assert.equal(url(makeEvent(), context({ webUrl: 'https://example.com/other/g/p', pathWithNamespace: 'g/p' }, root)),
        'https://example.com/gitlab/g/p/-/issues/12', 'a web URL outside the root is ignored');
      assert.equal(url(makeEvent(), context({ webUrl: 'https://example.com/gitlab/../x', pathWithNamespace: 'g/p' }, root)),
        'https://example.com/gitlab/g/p/-/issues/12');
      assert.equal(url(makeEvent(), context({ webUrl: 'https://example.com/gitlab/' }, root)), undefined);
    });

    it('ignores a web URL that leaves the root once the server decodes its path', () => {
      const root = 'https://example.com/gitlab';
      for (const webUrl of ['https://example.com/gitlab/..%2Fother/p', 'https://example.com/gitlab/g/..%2F..%2Fother', 'https://example.com/gitlab/..%5Cother']) {
        assert.equal(url(makeEvent(), context({ webUrl, pathWithNamespace: 'g/p' }, root)), 'https://example.com/gitlab/g/p/-/issues/12', webUrl);
        assert.equal(url(makeEvent(), context({ webUrl }, root)), undefined, webUrl);
      }
    });

    it('needs an http(s) instance URL', () => {
      for (const instance of ['javascript:alert(1)', 'ftp://gitlab.example.com', '', 'gitlab.example.com']) {
        assert.equal(url(makeEvent(), context(undefined, instance)), undefined, instance); // the default project info
        assert.equal(projectWebUrl({ pathWithNamespace: 'g/p' }, instance), undefined, instance);
      }
      assert.equal(url(makeEvent(), context({ pathWithNamespace: 'g/p' }, 'http://localhost:3000')),
        'http://localhost:3000/g/p/-/issues/12');
    });
  });

  it('never leaves the project on the instance, whatever the server sends (property)', () => {
    const hostile = fc.oneof(
      fc.string(),
      fc.constantFrom('..', '.', '/', '//evil.example', '\\\\evil', '%2e%2e', 'javascript:x', '?a', '#b', '@evil', 'a/../../b'),
      fc.array(fc.constantFrom('..', 'a', '%2F', '\\', ':', '@', '?', '#', ' ', '/', '.', 'é'), { maxLength: 8 }).map((p) => p.join('')),
    );
    let linked = 0;
    fc.assert(fc.property(hostile, hostile, hostile, hostile, (ref, slug, path, webPath) => {
      const info = { webUrl: `https://gitlab.example.com/${webPath}`, pathWithNamespace: path };
      const ctx = context(info);
      const base = projectWebUrl(info, INSTANCE);
      const events = [
        pushEvent({ action: 'created', ref }, 'pushed new'),
        pushEvent({ commit_count: 1, commit_to: ref, ref }),
        makeEvent({ target_type: 'WikiPage::Meta', wiki_page: { slug } }),
        noteEvent({ noteable_type: 'Commit', commit_id: ref }),
      ];
      for (const event of events) {
        const result = eventWebUrl(event, ctx);
        if (result === undefined) continue;
        linked += 1;
        assert.ok(base, 'a URL needs a project page');
        const parsed = new URL(result);
        assert.equal(parsed.origin, 'https://gitlab.example.com');
        assert.ok(result === base || result.startsWith(`${base}/-/`), `${result} is not under ${base}`);
        assert.ok(!parsed.pathname.split('/').includes('..'));
        assert.deepEqual(readsOutside(parsed, new URL(base).pathname, true), [], `${result} leaves ${base}`);
      }
    }), { numRuns: 500 });
    assert.ok(linked > 100, `only ${linked} of 2000 events got a link to check`);
  });
});

describe('encodePathParts', () => {
  it('encodes each part and refuses empty and dot parts', () => {
    assert.equal(encodePathParts('a/b c/ü'), 'a/b%20c/%C3%BC');
    assert.equal(encodePathParts('a\\b'), 'a%5Cb');
    for (const bad of ['', '/a', 'a/', 'a//b', '.', '..', 'a/./b', 'a/../b', 42, null]) {
      assert.equal(encodePathParts(bad), undefined, String(bad));
    }
  });
});
