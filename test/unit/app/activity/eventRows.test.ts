import assert from 'node:assert/strict';
import { UTC_ZONE } from '../../../../src/app/calendar';
import { EventRows, ROW_TITLE_MAX } from '../../../../src/app/activity/eventRows';
import { formatMessage } from '../../../../src/app/localize';
import type { GitLabEvent } from '../../../../src/gitlab/types';

const event = (): GitLabEvent => ({
  id: 1, project_id: 5, action_name: 'opened', target_id: 9, target_iid: 12, target_type: 'Issue', target_title: 'Crash on save',
  author_id: 1, author: { id: 1, username: 'jane', name: 'Jane Doe' }, created_at: '2026-11-21T10:00:00.000Z',
});

describe('event rows', () => {
  const now = Date.parse('2026-11-21T10:05:00.000Z');
  let lookups = 0;
  let known = true;
  const rows = new EventRows(() => ({
    instanceUrl: 'https://gitlab.example.com', zone: UTC_ZONE, t: formatMessage,
    lookupProject: () => { lookups++; return known ? { name: 'Group / App', pathWithNamespace: 'group/app', webUrl: 'https://gitlab.example.com/group/app' } : undefined; },
  }));

  it('leads with the target under Projects and Users, the actor after it, the verb in the icon and the sentence for screen readers', () => {
    const row = rows.row(event(), now);
    // A 180 px side bar cuts the row after about 20 characters: the reference and the title's start come first.
    assert.equal(row.label, '#12 Crash on save');
    assert.ok(!row.label.includes('Jane Doe'), row.label);
    assert.equal(row.description, 'Jane Doe · Group / App · 5 minutes ago');
    assert.equal(row.iconId, 'issues');
    assert.equal(rows.row({ ...event(), id: 8, action_name: 'closed' }, now).iconId, 'issue-closed');
    assert.equal(row.url, 'https://gitlab.example.com/group/app/-/issues/12');
    // Who did what, whole, once.
    assert.equal(row.accessibilityLabel, 'Jane Doe opened issue #12 · Crash on save, Group / App · 5 minutes ago');
  });

  it('builds one label whether or not the actor is shown; My Activity leaves the actor out of the description', () => {
    const row = rows.row(event(), now, 'omitted');
    assert.equal(row.label, '#12 Crash on save');
    assert.equal(row.label, rows.row(event(), now, 'shown').label);
    assert.equal(row.description, 'Group / App · 5 minutes ago');
    assert.equal(row.accessibilityLabel, 'Jane Doe opened issue #12 · Crash on save, Group / App · 5 minutes ago');
    const push: GitLabEvent = {
      id: 7, project_id: 5, action_name: 'pushed to', target_id: null, target_type: null, target_title: null, author_id: 1,
      author: { id: 1, username: 'jane', name: 'Jane Doe' }, created_at: '2026-11-21T10:00:00.000Z',
      push_data: { commit_count: 3, action: 'pushed', ref_type: 'branch', commit_from: null, commit_to: null, ref: 'main', commit_title: 'Fix it' },
    };
    assert.equal(rows.row(push, now, 'omitted').label, 'Branch main · Fix it');
    assert.equal(rows.row(push, now, 'omitted').accessibilityLabel, 'Jane Doe pushed 3 commits to branch main · Fix it, Group / App · 5 minutes ago');
    assert.equal(rows.row(push, now, 'shown').label, 'Branch main · Fix it');
    assert.equal(rows.row(push, now, 'shown').description, 'Jane Doe · Group / App · 5 minutes ago');
  });

  it('leads in words where the event has no target of its own', () => {
    const joined: GitLabEvent = { ...event(), id: 10, action_name: 'joined', target_id: null, target_iid: null, target_type: null, target_title: null };
    const row = rows.row(joined, now);
    assert.equal(row.label, 'Joined project');
    assert.equal(row.description, 'Jane Doe · Group / App · 5 minutes ago');
    assert.equal(row.accessibilityLabel, 'Jane Doe joined project, Group / App · 5 minutes ago');
  });

  it('shortens a long title in the row and keeps it whole in the accessibility label', () => {
    const title = `Crash ${'when saving '.repeat(10)}`.trim();
    const row = rows.row({ ...event(), id: 2, target_title: title }, now, 'omitted');
    assert.ok(row.label.startsWith('#12 Crash when saving'), row.label);
    assert.ok(row.label.endsWith('…'), row.label);
    assert.equal(row.label.length, '#12 '.length + ROW_TITLE_MAX);
    const shown = rows.row({ ...event(), id: 9, target_title: title }, now, 'shown');
    assert.equal(shown.label.length, '#12 '.length + ROW_TITLE_MAX);
    assert.ok(row.accessibilityLabel.includes(title));
  });

  it('capitalises a verb it does not know, and keeps an empty action readable', () => {
    const row = rows.row({ ...event(), id: 3, action_name: 'étiqueté', target_type: 'Issue' }, now, 'omitted');
    assert.ok(row.label.startsWith('Étiqueté issue #12'), row.label);
  });

  it('computes an event\'s parts once, and the relative time once a minute', () => {
    const e = event();
    lookups = 0;
    rows.row(e, now);
    const calls = lookups;
    assert.equal(rows.row(e, now + 10_000, 'omitted').description, 'Group / App · 5 minutes ago');
    assert.equal(lookups, calls, 'no new lookup for the same event');
    assert.equal(rows.row(e, now + 120_000, 'omitted').description, 'Group / App · 7 minutes ago');
  });

  it('shows an event without created_at (the spec: "present on most items") with an unknown time', () => {
    const { created_at: _omitted, ...rest } = event();
    const row = rows.row(rest as GitLabEvent, now);
    assert.equal(row.label, '#12 Crash on save');
    assert.equal(row.description, 'Jane Doe · Group / App · unknown time');
    assert.equal(row.url, 'https://gitlab.example.com/group/app/-/issues/12');
  });

  it('forgets everything when projects change', () => {
    const e = event();
    rows.row(e, now);
    known = false;
    assert.equal(rows.row(e, now, 'omitted').description, 'Group / App · 5 minutes ago');
    rows.forget();
    const row = rows.row(e, now, 'omitted');
    assert.equal(row.description, '5 minutes ago');
    known = true;
  });
});

describe('event rows: project pages', () => {
  it('keeps a project\'s page per instance: another instance URL gives links on that instance', () => {
    let instanceUrl = 'https://gitlab.example.com';
    let lookups = 0;
    const rows = new EventRows(() => ({
      instanceUrl, zone: UTC_ZONE, t: formatMessage,
      lookupProject: () => { lookups++; return { name: 'App', pathWithNamespace: 'group/app' }; },
    }));
    const now = Date.parse('2026-11-21T10:05:00.000Z');
    const a = event();
    const b = { ...event(), id: 2, target_iid: 13 };
    assert.equal(rows.row(a, now).url, 'https://gitlab.example.com/group/app/-/issues/12');
    assert.equal(rows.row(b, now).url, 'https://gitlab.example.com/group/app/-/issues/13');
    instanceUrl = 'https://other.example.org';
    assert.equal(rows.url({ ...event(), id: 3 }), 'https://other.example.org/group/app/-/issues/12');
    assert.ok(lookups >= 2);
  });
});
