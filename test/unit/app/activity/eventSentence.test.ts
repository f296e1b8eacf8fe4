import assert from 'node:assert/strict';
import type { GitLabEvent } from '../../../../src/gitlab/types';
import { describeEvent } from '../../../../src/app/activity/eventSentence';
import { formatMessage, type Localize } from '../../../../src/app/localize';
import { makeEvent, noteEvent, projectEvent, pushEvent, SHA_FROM } from './fixtures';

const target = (target_type: string, action_name: string, extra: Partial<GitLabEvent> = {}): GitLabEvent =>
  makeEvent({ target_type, action_name, ...extra });

describe('describeEvent', () => {
  describe('every action_name/target_type pair of the behaviour note', () => {
    const cases: Array<[string, GitLabEvent, string, string | undefined]> = [
      // [case, event, action, title]
      ['issue opened', target('Issue', 'opened'), 'opened issue #12', 'Crash on save'],
      ['issue closed', target('Issue', 'closed'), 'closed issue #12', 'Crash on save'],
      ['issue deleted', target('Issue', 'destroyed'), 'deleted issue #12', 'Crash on save'],
      ['merge request opened', target('MergeRequest', 'opened', { target_iid: 7 }), 'opened merge request !7', 'Crash on save'],
      ['merge request closed', target('MergeRequest', 'closed', { target_iid: 7 }), 'closed merge request !7', 'Crash on save'],
      ['merge request accepted', target('MergeRequest', 'accepted', { target_iid: 53, target_title: 'Fix the thing' }),
        'accepted merge request !53', 'Fix the thing'],
      ['merge request approved', target('MergeRequest', 'approved', { target_iid: 4 }), 'approved merge request !4', 'Crash on save'],
      ['milestone opened', target('Milestone', 'opened', { target_title: 'v1.0' }), 'opened milestone %v1.0', undefined],
      ['milestone with spaces', target('Milestone', 'closed', { target_title: 'Sprint 4' }), 'closed milestone %"Sprint 4"', undefined],
      ['milestone without title', target('Milestone', 'destroyed', { target_title: null }), 'deleted milestone', undefined],
      ['work item', target('WorkItem', 'opened', { target_iid: 3 }), 'opened work item #3', 'Crash on save'],
      ['epic', target('Epic', 'closed', { target_iid: 2 }), 'closed epic &2', 'Crash on save'],
      ['snippet', target('Snippet', 'opened', { target_id: 9, target_iid: 9 }), 'opened snippet $9', 'Crash on save'],
      ['wiki created', target('WikiPage::Meta', 'created', { target_title: 'Home', wiki_page: { title: 'Home', slug: 'home' } }),
        'created wiki page Home', undefined],
      ['wiki updated', target('WikiPage::Meta', 'updated', { target_title: 'Home', wiki_page: { title: 'Home', slug: 'home' } }),
        'updated wiki page Home', undefined],
      ['wiki deleted, slug only', target('WikiPage::Meta', 'destroyed', { target_title: null, wiki_page: { slug: 'dir/page' } }),
        'deleted wiki page dir/page', undefined],
      ['design added', target('DesignManagement::Design', 'added', { target_title: 'screen.png' }), 'added design screen.png', undefined],
      ['design updated', target('DesignManagement::Design', 'updated', { target_title: 'screen.png' }), 'updated design screen.png', undefined],
      ['design removed', target('DesignManagement::Design', 'removed', { target_title: 'screen.png' }), 'removed design screen.png', undefined],
      ['vulnerability', target('Vulnerability', 'closed', { target_title: 'XSS in search' }), 'closed vulnerability', 'XSS in search'],
      ['project target', target('Project', 'created', { target_title: null }), 'created project', undefined],
      ['user target', target('User', 'joined', { target_title: null }), 'joined user', undefined],
      ['joined', projectEvent('joined'), 'joined project', undefined],
      ['left', projectEvent('left'), 'left project', undefined],
      ['created', projectEvent('created'), 'created project', undefined],
      ['imported', projectEvent('imported'), 'imported project', undefined],
      ['expired', projectEvent('removed due to membership expiration from'),
        'removed due to membership expiration from project', undefined],
    ];
    for (const [name, event, action, title] of cases) {
      it(name, () => {
        const description = describeEvent(event);
        assert.equal(description.action, action);
        assert.equal(description.title, title);
        assert.equal(description.label, title ? `${action} · ${title}` : action);
        assert.equal(description.sentence, `Jane Doe ${description.label}`);
      });
    }
  });

  it('reads as the sentence of the design', () => {
    assert.equal(describeEvent(makeEvent()).sentence, 'Jane Doe opened issue #12 · Crash on save');
    assert.deepEqual(describeEvent(makeEvent()), {
      author: 'Jane Doe', action: 'opened issue #12', target: 'issue #12', subject: '#12', title: 'Crash on save',
      label: 'opened issue #12 · Crash on save', sentence: 'Jane Doe opened issue #12 · Crash on save',
    });
  });

  describe('pushes', () => {
    const cases: Array<[string, GitLabEvent, string, string | undefined]> = [
      ['several commits', pushEvent(), 'pushed 3 commits to branch main', 'branch main'],
      ['one commit', pushEvent({ commit_count: 1 }), 'pushed 1 commit to branch main', 'branch main'],
      ['no new commit', pushEvent({ commit_count: 0 }), 'pushed to branch main', 'branch main'],
      ['tag', pushEvent({ ref_type: 'tag', ref: 'v1.0', commit_count: 0 }), 'pushed to tag v1.0', 'tag v1.0'],
      ['new branch', pushEvent({ action: 'created', ref: 'feature-x', commit_from: null }, 'pushed new'),
        'pushed new branch feature-x', 'branch feature-x'],
      ['new tag', pushEvent({ action: 'created', ref_type: 'tag', ref: 'v2.0' }, 'pushed new'), 'pushed new tag v2.0', 'tag v2.0'],
      ['deleted branch', pushEvent({ action: 'removed', ref: 'old', commit_to: null }, 'deleted'), 'deleted branch old', 'branch old'],
      ['bulk push with nulls', pushEvent({ commit_count: 0, ref_count: 5, commit_from: null, commit_to: null, ref: null, commit_title: null }),
        'pushed to 5 refs', undefined],
      ['bulk push of one ref', pushEvent({ commit_count: 0, ref_count: 1, ref: null, commit_title: null }), 'pushed to 1 ref', undefined],
      ['bulk new refs', pushEvent({ action: 'created', commit_count: 0, ref_count: 3, ref: null }, 'pushed new'), 'pushed 3 new refs', undefined],
      ['bulk new ref', pushEvent({ action: 'created', commit_count: 0, ref_count: 1, ref: null }, 'pushed new'), 'pushed 1 new ref', undefined],
      ['bulk deleted refs', pushEvent({ action: 'removed', commit_count: 0, ref_count: 3, ref: null }, 'deleted'), 'deleted 3 refs', undefined],
      ['new ref without any detail', pushEvent({ action: 'created', ref: null, ref_count: null }, 'pushed new'), 'pushed a new ref', undefined],
      ['deleted ref without any detail', pushEvent({ action: 'removed', ref: null, ref_count: null }, 'deleted'), 'deleted a ref', undefined],
      ['unknown ref type', pushEvent({ ref_type: 'merge_train', ref: 'x', commit_count: 1 }), 'pushed 1 commit to merge train x', 'merge train x'],
      ['empty ref type', pushEvent({ ref_type: '', ref: 'x', commit_count: 0 }), 'pushed to x', 'x'],
      ['action_name only, no push_data', makeEvent({ action_name: 'pushed to', target_type: null, target_title: null }), 'pushed', undefined],
      ['pushed new, no push_data', makeEvent({ action_name: 'pushed new', target_type: null }), 'pushed a new ref', undefined],
      ['deleted, no push_data', makeEvent({ action_name: 'deleted', target_type: null }), 'deleted a ref', undefined],
    ];
    for (const [name, event, action, targetText] of cases) {
      it(name, () => {
        const description = describeEvent(event);
        assert.equal(description.action, action);
        assert.equal(description.target, targetText);
      });
    }

    it('shows the last commit title as the title of a push, not of a deletion', () => {
      assert.equal(describeEvent(pushEvent()).label, 'pushed 3 commits to branch main · Add simple search');
      assert.equal(describeEvent(pushEvent({ action: 'removed' }, 'deleted')).title, undefined);
    });

    it('prefers the payload action over action_name', () => {
      assert.equal(describeEvent(pushEvent({ action: 'created', ref: 'f' }, 'pushed to')).action, 'pushed new branch f');
    });
  });

  describe('comments, by noteable_type', () => {
    const cases: Array<[string, GitLabEvent, string]> = [
      ['issue', noteEvent({ noteable_type: 'Issue', noteable_iid: 12 }), 'commented on issue #12'],
      ['merge request (DiffNote)', noteEvent({ type: 'DiffNote', noteable_type: 'MergeRequest', noteable_iid: 7 }, 'DiffNote'),
        'commented on merge request !7'],
      ['merge request (DiscussionNote)', noteEvent({ type: 'DiscussionNote', noteable_type: 'MergeRequest', noteable_iid: 7 },
        'DiscussionNote'), 'commented on merge request !7'],
      ['commit, as GitLab sends it (no commit_id)', noteEvent({ noteable_type: 'Commit', noteable_id: null, noteable_iid: null }),
        'commented on commit'],
      ['commit, from a server that names the SHA', noteEvent({ noteable_type: 'Commit', noteable_id: null, noteable_iid: null, commit_id: SHA_FROM }),
        'commented on commit 50d44202'],
      ['commit without a sha', noteEvent({ noteable_type: 'Commit', commit_id: 'not a sha' }), 'commented on commit'],
      ['snippet', noteEvent({ noteable_type: 'Snippet', noteable_id: 9, noteable_iid: null }), 'commented on snippet $9'],
      ['work item', noteEvent({ noteable_type: 'WorkItem', noteable_iid: 3 }), 'commented on work item #3'],
      ['epic', noteEvent({ noteable_type: 'Epic', noteable_iid: 2 }), 'commented on epic &2'],
      ['design', noteEvent({ noteable_type: 'DesignManagement::Design' }), 'commented on design'],
      ['milestone', noteEvent({ noteable_type: 'Milestone' }), 'commented on milestone'],
      ['wiki page', noteEvent({ noteable_type: 'WikiPage::Meta' }), 'commented on wiki page'],
      ['vulnerability', noteEvent({ noteable_type: 'Vulnerability' }), 'commented on vulnerability'],
      ['unknown noteable', noteEvent({ noteable_type: 'AlertManagement::Alert' }), 'commented on alert management alert'],
      ['issue without iid', noteEvent({ noteable_type: 'Issue', noteable_iid: null }), 'commented on issue'],
      ['no noteable_type', noteEvent({ noteable_type: null }), 'commented'],
      ['no note object', makeEvent({ action_name: 'commented on', target_type: 'Note', target_title: null }), 'commented'],
    ];
    for (const [name, event, action] of cases) {
      it(name, () => assert.equal(describeEvent(event).action, action));
    }

    it('recognises a note by its object even under an unexpected target_type', () => {
      const event = noteEvent({ noteable_type: 'MergeRequest', noteable_iid: 7 }, 'SomeFutureNote');
      assert.equal(describeEvent(event).action, 'commented on merge request !7');
    });

    it('keeps the noteable title when the server sends one', () => {
      assert.equal(describeEvent({ ...noteEvent(), target_title: 'Crash on save' }).label,
        'commented on issue #12 · Crash on save');
    });
  });

  describe('unknown vocabulary is shown as words, never dropped', () => {
    it('an unknown target_type', () => {
      assert.equal(describeEvent(target('Vulnerability', 'opened', { target_title: null })).action, 'opened vulnerability');
      assert.equal(describeEvent(target('FooBar::Baz', 'opened', { target_title: null })).action, 'opened foo bar baz');
      assert.equal(describeEvent(target('HTTPIntegration', 'closed')).action, 'closed http integration');
      assert.equal(describeEvent(target('::', 'closed')).action, 'closed item');
    });

    it('an unknown action_name', () => {
      assert.equal(describeEvent(projectEvent('transferred')).action, 'transferred project');
      assert.equal(describeEvent(target('Issue', 'Some_NewThing')).action, 'some new thing issue #12');
      assert.equal(describeEvent(target('Issue', '')).action, 'acted on issue #12');
    });

    it('a wiki event without target_type', () => {
      const event = makeEvent({ action_name: 'created', target_type: null, target_title: null, wiki_page: { title: 'Home' } });
      assert.equal(describeEvent(event).action, 'created wiki page Home');
    });
  });

  describe('server text', () => {
    it('falls back from the author name to the username to the id', () => {
      assert.equal(describeEvent(makeEvent({ author: undefined })).author, 'jane');
      assert.equal(describeEvent(makeEvent({ author: { id: 7, username: 'jd', name: ' ' } })).author, 'jd');
      assert.equal(describeEvent(makeEvent({ author: undefined, author_username: null })).author, 'User 7');
    });

    it('makes titles one clean line without invisible controls', () => {
      const event = makeEvent({ target_title: 'Crash\r\n on\u202e\u2066 save\u0000\t ' });
      assert.equal(describeEvent(event).title, 'Crash on save');
      assert.equal(describeEvent(makeEvent({ target_title: ' \n ' })).title, undefined);
    });

    it('shortens very long titles', () => {
      const title = describeEvent(makeEvent({ target_title: 'x'.repeat(10_000) })).title ?? '';
      assert.equal(title.length, 200);
      assert.ok(title.endsWith('…'));
    });

    it('ignores iids that are not positive integers', () => {
      assert.equal(describeEvent(makeEvent({ target_iid: -1 })).action, 'opened issue');
      assert.equal(describeEvent(makeEvent({ target_iid: 1.5 })).action, 'opened issue');
      assert.equal(describeEvent(makeEvent({ target_iid: '12' as unknown as number })).action, 'opened issue');
    });
  });

  describe('the subject a row names first when its icon says the verb', () => {
    const cases: Array<[string, GitLabEvent, string | undefined]> = [
      ['issue', target('Issue', 'closed'), '#12'],
      ['work item', target('WorkItem', 'updated'), '#12'],
      ['merge request', target('MergeRequest', 'merged', { target_iid: 7 }), '!7'],
      ['epic', target('Epic', 'opened', { target_iid: 3 }), '&3'],
      ['snippet', target('Snippet', 'created', { target_id: 5 }), '$5'],
      ['issue without a number', target('Issue', 'opened', { target_iid: null }), 'issue'],
      ['milestone', target('Milestone', 'closed', { target_title: 'v1.0' }), 'milestone %v1.0'],
      ['wiki page', target('WikiPage::Meta', 'updated', { target_title: 'Home' }), 'wiki page Home'],
      ['comment on an issue', noteEvent(), '#12'],
      ['comment on a merge request', noteEvent({ noteable_type: 'MergeRequest', noteable_iid: 9 }, 'DiffNote'), '!9'],
      ['comment on a commit', noteEvent({ noteable_type: 'Commit', commit_id: SHA_FROM }), 'commit 50d44202'],
      ['push', pushEvent(), 'branch main'],
      ['new tag', pushEvent({ action: 'created', ref_type: 'tag', ref: 'v2.0' }, 'pushed new'), 'tag v2.0'],
      ['deleted branch', pushEvent({ action: 'removed', ref: 'old' }, 'deleted'), 'branch old'],
      // Nothing but the verb to say: it stays in words.
      ['bulk push', pushEvent({ commit_count: 0, ref_count: 4, ref: null }), undefined],
      ['joined', projectEvent('joined'), undefined],
      ['comment without its noteable', noteEvent({ noteable_type: undefined as unknown as string }), undefined],
      // A verb the icon cannot say leads the row.
      ['unknown verb', target('Issue', 'labelled'), undefined],
    ];
    for (const [name, event, subject] of cases) {
      it(name, () => assert.equal(describeEvent(event).subject, subject));
    }
  });

  it('passes every user-facing word through the injected Localize', () => {
    const german: Record<string, string> = {
      opened: 'eröffnete', 'issue {0}': 'Ticket {0}', '{0} {1}': '{0} {1}', '{0} · {1}': '{0} – {1}',
      'pushed {0} to {1}': 'schob {0} nach {1}', '{0} commits': '{0} Commits', 'branch {0}': 'Zweig {0}',
    };
    const t: Localize = (message, ...args) => formatMessage(german[message] ?? `[${message}]`, ...args);
    assert.equal(describeEvent(makeEvent(), t).sentence, 'Jane Doe eröffnete Ticket #12 – Crash on save');
    assert.equal(describeEvent(pushEvent(), t).action, 'schob 3 Commits nach Zweig main');
    assert.equal(describeEvent(projectEvent('joined'), t).action, '[joined] [project]');
  });
});
