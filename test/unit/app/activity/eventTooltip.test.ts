import assert from 'node:assert/strict';
import fc from 'fast-check';
import { fixedOffsetZone } from '../../../../src/app/calendar';
import { escapeMarkdown, eventTooltipMarkdown } from '../../../../src/app/activity/eventTooltip';
import { makeEvent, noteEvent, pushEvent, SHA_FROM } from './fixtures';
import { HOSTILE } from './hostileText';

const MarkdownIt = require('markdown-it') as new (options: object) => { render(source: string): string };
const renderer = new MarkdownIt({ html: true, linkify: true });

const project = { pathWithNamespace: 'group/project', name: 'project', webUrl: 'https://gitlab.example.com/group/project' };

/** Every tag the rendered tooltip uses must be one the tooltip itself writes. */
function assertOnlyOwnMarkup(markdown: string): void {
  const html = renderer.render(markdown);
  for (const tag of html.match(/<\/?[a-z][^>]*>/g) ?? []) {
    assert.match(tag, /^<\/?(p|br|strong|blockquote)>$/, html);
  }
}

describe('eventTooltipMarkdown', () => {
  it('says who did what to which target, where and when', () => {
    const markdown = eventTooltipMarkdown(makeEvent(), { project, zone: fixedOffsetZone(60) });
    assert.equal(markdown, [
      '**Jane Doe** \\(\\@jane\\) opened issue \\#12  \nCrash on save',
      'Project\\: group/project  \nTime\\: 2026\\-11\\-03 11\\:00 UTC\\+01\\:00',
    ].join('\n\n'));
    assert.equal(renderer.render(markdown),
      '<p><strong>Jane Doe</strong> (@jane) opened issue #12<br>\nCrash on save</p>\n'
      + '<p>Project: group/project<br>\nTime: 2026-11-03 11:00 UTC+01:00</p>\n');
  });

  it('uses UTC and leaves out what it does not know', () => {
    const event = makeEvent({ author: { id: 7, username: 'jane', name: 'jane' }, created_at: 'garbage' });
    assert.equal(eventTooltipMarkdown(event), '**jane** opened issue \\#12  \nCrash on save');
    assert.match(eventTooltipMarkdown(makeEvent()), /Time\\: 2026\\-11\\-03 10\\:00 UTC$/);
    assert.match(eventTooltipMarkdown(makeEvent(), { project: { name: 'Only a name' } }), /Project\\: Only a name/);
  });

  it('details a push: ref, commit count, range and title', () => {
    const text = renderer.render(eventTooltipMarkdown(pushEvent(), { project }));
    assert.match(text, /pushed 3 commits to branch main<br>\nAdd simple search/);
    assert.match(text, /Ref: branch main<br>\nCommits: 3<br>\nCommit range: 50d44202…c5feabde<br>\nCommit title: Add simple search/);
  });

  it('details a single commit, a new branch and a bulk push', () => {
    const single = renderer.render(eventTooltipMarkdown(pushEvent({ commit_count: 1, commit_from: null })));
    assert.match(single, /Commits: 1<br>\nCommit: c5feabde/);
    const bulk = renderer.render(eventTooltipMarkdown(
      pushEvent({ commit_count: 0, ref_count: 5, commit_from: null, commit_to: null, ref: null, commit_title: null })));
    assert.match(bulk, /pushed to 5 refs/);
    assert.match(bulk, /Refs: 5/);
    assert.doesNotMatch(bulk, /Ref: |Commits|Commit/);
  });

  it('shows a comment body as plain text, quoted line by line', () => {
    const event = noteEvent({ body: 'See [this](command:workbench.action.terminal.new)\n<img src=x onerror=alert(1)>\n\n**not bold**' });
    const markdown = eventTooltipMarkdown(event, { project });
    assert.match(markdown, /Comment on issue \\#12\\:\n\n> See \\\[this\\\]/);
    const html = renderer.render(markdown);
    assert.match(html, /<blockquote>\n<p>See \[this\]\(command:workbench.action.terminal.new\)<br>\n&lt;img src=x onerror=alert\(1\)&gt;<\/p>\n<p>\*\*not bold\*\*<\/p>\n<\/blockquote>/);
    assertOnlyOwnMarkup(markdown);
  });

  it('says "commit" for a commit comment as GitLab sends it (no SHA)', () => {
    const event = noteEvent({ noteable_type: 'Commit', noteable_id: null, noteable_iid: null });
    const markdown = eventTooltipMarkdown(event);
    assert.match(markdown, /Comment on commit\\:\n\n> Looks good/);
    assert.doesNotMatch(markdown, /undefined|null/);
  });

  it('names the commit of a commit comment when the server sends its SHA, and shortens long bodies', () => {
    const event = noteEvent({ noteable_type: 'Commit', commit_id: SHA_FROM, body: 'x'.repeat(5000) });
    const markdown = eventTooltipMarkdown(event, { maxBodyLength: 100 });
    assert.match(markdown, /Comment on commit 50d44202\\:/);
    assert.match(markdown, /> x{99}…  $/);
  });

  it('handles comments without a known noteable or body', () => {
    assert.match(eventTooltipMarkdown(noteEvent({ noteable_type: null })), /\n\nComment\\:\n\n> Looks good {2}$/);
    assert.match(eventTooltipMarkdown(noteEvent({ body: '   ' })), /Comment on issue \\#12\\:$/);
    assert.doesNotMatch(eventTooltipMarkdown(noteEvent({ body: 42 as unknown as string })), /Comment/);
  });

  it('renders no markup from any server text (property)', () => {
    const hostile = fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ maxLength: 30 }));
    fc.assert(fc.property(hostile, hostile, hostile, hostile, hostile, (name, title, ref, body, path) => {
      const author = { id: 7, username: name, name };
      const events = [
        makeEvent({ author, target_title: title, action_name: title, target_type: ref }),
        pushEvent({ ref, ref_type: name, commit_title: title }),
        { ...noteEvent({ body, noteable_type: ref }), author },
      ];
      for (const event of events) {
        assertOnlyOwnMarkup(eventTooltipMarkdown(event, { project: { pathWithNamespace: path, name } }));
      }
    }), { numRuns: 300 });
  });

  it('re-exports the escaping function', () => {
    assert.equal(escapeMarkdown('<b>'), '\\<b\\>');
  });
});
