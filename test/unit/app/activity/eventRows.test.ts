import assert from 'node:assert/strict';
import { UTC_ZONE } from '../../../../src/app/activity/calendar';
import { EventRows } from '../../../../src/app/activity/eventRows';
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

  it('reads as a sentence with project, relative time, icon and URL', () => {
    const row = rows.row(event(), now);
    assert.equal(row.label, 'Jane Doe opened issue #12 · Crash on save');
    assert.equal(row.description, 'Group / App · 5 minutes ago');
    assert.equal(row.iconId.length > 0, true);
    assert.equal(row.url, 'https://gitlab.example.com/group/app/-/issues/12');
    assert.equal(row.accessibilityLabel, `${row.label}, ${row.description}`);
  });

  it('computes an event\'s parts once, and the relative time once a minute', () => {
    const e = event();
    lookups = 0;
    rows.row(e, now);
    const calls = lookups;
    assert.equal(rows.row(e, now + 10_000).description, 'Group / App · 5 minutes ago');
    assert.equal(lookups, calls, 'no new lookup for the same event');
    assert.equal(rows.row(e, now + 120_000).description, 'Group / App · 7 minutes ago');
  });

  it('shows an event without created_at (the spec: "present on most items") with an unknown time', () => {
    const { created_at: _omitted, ...rest } = event();
    const row = rows.row(rest as GitLabEvent, now);
    assert.equal(row.label, 'Jane Doe opened issue #12 · Crash on save');
    assert.equal(row.description, 'Group / App · unknown time');
    assert.equal(row.url, 'https://gitlab.example.com/group/app/-/issues/12');
  });

  it('forgets everything when projects change', () => {
    const e = event();
    rows.row(e, now);
    known = false;
    assert.equal(rows.row(e, now).description, 'Group / App · 5 minutes ago');
    rows.forget();
    const row = rows.row(e, now);
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
