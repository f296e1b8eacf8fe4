import assert from 'node:assert/strict';
import fc from 'fast-check';
import { activityMarkdown, type ActivityMarkdownOptions } from '../../../../src/app/activity/activityMarkdown';
import { UTC_ZONE } from '../../../../src/app/calendar';
import { eventWebUrl } from '../../../../src/app/activity/eventUrl';
import type { ProjectInfo, ProjectLookup } from '../../../../src/app/activity/projectInfo';
import type { GitLabEvent } from '../../../../src/gitlab/types';
import { makeEvent, noteEvent, pushEvent } from './fixtures';
import { HOSTILE } from './hostileText';

const MarkdownIt = require('markdown-it') as new (options: object) => { render(source: string): string };
const renderer = new MarkdownIt({ html: true, linkify: true });
const decodeHtml = (html: string): string => html.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

const NOW = Date.parse('2026-11-05T15:00:00Z');
const INSTANCE = 'https://gitlab.example.com';
const PROJECTS: Record<number, ProjectInfo> = {
  5: { webUrl: `${INSTANCE}/group/project`, pathWithNamespace: 'group/project', name: 'project' },
  6: { webUrl: `${INSTANCE}/group/other`, pathWithNamespace: 'group/other', name: 'other' },
  8: { name: 'Only a name' },
};
const lookupProject: ProjectLookup = (id) => PROJECTS[id];

function options(extra: Partial<ActivityMarkdownOptions> = {}): ActivityMarkdownOptions {
  return {
    now: NOW, zone: UTC_ZONE, order: 'desc', lookupProject,
    eventUrl: (event) => eventWebUrl(event, { instanceUrl: INSTANCE, lookupProject }), ...extra,
  };
}

describe('activityMarkdown', () => {
  it('groups by day, then by project, with links', () => {
    const events: GitLabEvent[] = [
      makeEvent({ id: 6, created_at: '2026-11-05T14:00:00Z' }),
      pushEvent({ commit_count: 1 }),
      makeEvent({ id: 4, project_id: 6, target_type: 'MergeRequest', action_name: 'accepted', target_iid: 53,
        target_title: 'Fix the thing', created_at: '2026-11-05T09:00:00Z' }),
      { ...noteEvent(), id: 3, created_at: '2026-11-05T08:00:00Z' },
      makeEvent({ id: 2, project_id: 8, action_name: 'closed', created_at: '2026-11-04T08:00:00Z' }),
      makeEvent({ id: 1, project_id: null, target_type: null, action_name: 'joined', created_at: '2026-11-02T08:00:00Z' }),
    ];
    events[1] = { ...events[1], id: 5, created_at: '2026-11-05T10:00:00Z' };
    assert.equal(activityMarkdown(events, options()), [
      '## Today',
      '',
      '### group/project',
      '',
      '- opened issue #12 · Crash on save ([link](https://gitlab.example.com/group/project/-/issues/12))',
      '- pushed 1 commit to branch main · Add simple search '
        + '([link](https://gitlab.example.com/group/project/-/commit/c5feabde2d8cd023215af4d2ceeb7a64839fc428))',
      '- commented on issue #12 ([link](https://gitlab.example.com/group/project/-/issues/12#note_1312))',
      '',
      '### group/other',
      '',
      '- accepted merge request !53 · Fix the thing ([link](https://gitlab.example.com/group/other/-/merge_requests/53))',
      '',
      '## Yesterday',
      '',
      '### Only a name',
      '',
      '- closed issue #12 · Crash on save',
      '',
      '## Mon 2 Nov 2026',
      '',
      '### No project',
      '',
      '- joined project',
      '',
    ].join('\n'));
  });

  it('lists the days in date order in the list\'s direction, whatever the ids (imported events)', () => {
    // Newest first by id, as GitLab lists; events 3 and 1 were imported with new ids for old times.
    const events: GitLabEvent[] = [
      makeEvent({ id: 5, created_at: '2026-11-05T14:00:00Z' }), makeEvent({ id: 4, created_at: '2026-11-02T08:00:00Z' }),
      makeEvent({ id: 3, project_id: 6, created_at: '2026-11-04T09:00:00Z' }), makeEvent({ id: 2, created_at: '2026-11-05T09:00:00Z' }),
      makeEvent({ id: 1, project_id: 6, created_at: '2026-11-02T07:00:00Z' }),
    ];
    const headings = (markdown: string) => markdown.split('\n').filter((line) => line.startsWith('## '));
    assert.deepEqual(headings(activityMarkdown(events, options({ eventUrl: undefined }))),
      ['## Today', '## Yesterday', '## Mon 2 Nov 2026']);
    assert.deepEqual(headings(activityMarkdown([...events].reverse(), options({ eventUrl: undefined, order: 'asc' }))),
      ['## Mon 2 Nov 2026', '## Yesterday', '## Today']);
    // Each day once, its events in the server's order, under their projects.
    assert.equal(activityMarkdown(events, options({ eventUrl: undefined })).split('## Mon 2 Nov 2026')[1],
      '\n\n### group/project\n\n- opened issue #12 · Crash on save\n\n### group/other\n\n- opened issue #12 · Crash on save\n');
  });

  it('names authors when there are several, or when asked', () => {
    const other = makeEvent({ id: 2, author_id: 8, author: { id: 8, username: 'max', name: 'Max Muster' } });
    const markdown = activityMarkdown([makeEvent(), other], options({ eventUrl: undefined }));
    assert.match(markdown, /- Jane Doe opened issue #12 · Crash on save\n- Max Muster opened issue #12/);
    assert.match(activityMarkdown([makeEvent()], options({ includeAuthor: true })), /- Jane Doe opened/);
    assert.doesNotMatch(activityMarkdown([makeEvent(), other], options({ includeAuthor: false })), /Jane/);
  });

  it('pastes references, versions and paths as written: only what Markdown would misread there is escaped', () => {
    const events = [
      makeEvent({ id: 3, target_type: 'MergeRequest', target_iid: 6, action_name: 'merged', target_title: 'Cut release/2.0 for #25' }),
      makeEvent({ id: 2, target_title: 'Use *args, see [docs](https://x.example)' }),
    ];
    const lines = activityMarkdown(events, options({ eventUrl: undefined, lookupProject: () => ({ pathWithNamespace: 'group/C #' }) }))
      .split('\n');
    assert.ok(lines.includes('- merged merge request !6 · Cut release/2.0 for #25'), lines.join('\n'));
    assert.ok(lines.includes('- opened issue #12 · Use \\*args, see [docs\\](https\\://x\\.example)'), lines.join('\n'));
    // A heading's trailing "#" would be dropped as its closing sequence.
    assert.ok(lines.includes('### group/C \\#'), lines.join('\n'));
  });

  it('names a project it does not know by its id', () => {
    assert.match(activityMarkdown([makeEvent({ project_id: 99 })], options()), /### Project 99\n/);
  });

  it('says when there is nothing', () => {
    assert.equal(activityMarkdown([], options()), 'No activity.\n');
  });

  it('ends with the note of an incomplete copy, as plain text, after the events or after "No activity"', () => {
    const note = 'The copy stopped after 3 events and is incomplete (see _this_).';
    const markdown = activityMarkdown([makeEvent()], options({ incompleteNote: note }));
    assert.equal(markdown.split('\n').slice(-3).join('\n'), '\n_The copy stopped after 3 events and is incomplete (see \\_this\\_)._\n');
    assert.match(renderer.render(markdown), /<p><em>The copy stopped after 3 events and is incomplete \(see _this_\)\.<\/em><\/p>\n$/);
    assert.equal(activityMarkdown([], options({ incompleteNote: note })).split('\n')[0], 'No activity.');
    assert.ok(activityMarkdown([], options({ incompleteNote: note })).includes('_The copy stopped after 3 events'));
  });

  it('links only to http(s) pages', () => {
    const markdown = activityMarkdown([makeEvent()], options({ eventUrl: () => 'javascript:alert(1)' }));
    assert.equal(markdown, '## Tue 3 Nov 2026\n\n### group/project\n\n- opened issue #12 · Crash on save\n');
  });

  it('escapes all server text (property: only its own markup renders)', () => {
    const hostile = fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ maxLength: 20 }));
    fc.assert(fc.property(hostile, hostile, hostile, (title, name, path) => {
      const event = makeEvent({ target_title: title, author: { id: 7, username: name, name } });
      const lookup: ProjectLookup = () => ({ pathWithNamespace: path, webUrl: `${INSTANCE}/${path}` });
      const markdown = activityMarkdown([event, { ...event, author_id: 9 }],
        options({ lookupProject: lookup, eventUrl: (e) => eventWebUrl(e, { instanceUrl: INSTANCE, lookupProject: lookup }) }));
      // A bare URL in server text may become a link to itself (as a chat would make it), nothing else.
      const html = renderer.render(markdown).replace(/<a href="([^"]*)">([^<]*)<\/a>/g, (whole, href: string, text: string) => {
        if (href.startsWith(`${INSTANCE}/`) && text === 'link') return whole;
        const target = decodeHtml(href);
        const shown = decodeHtml(text);
        assert.match(target, /^(https?:|mailto:)/, markdown);
        assert.ok([shown, `http://${shown}`, `mailto:${shown}`].some((same) => decodeURI(target) === same || target === same), `${target} shown as ${shown}`);
        return shown.replace(/[<>]/g, '');
      });
      for (const tag of html.match(/<\/?[a-z][^>]*>/g) ?? []) {
        assert.match(tag, /^(<\/?(h2|h3|ul|li|p)>|<\/a>|<a href="https:\/\/gitlab\.example\.com\/[^"]*">)$/, html);
      }
      const links = html.match(/<a /g) ?? [];
      assert.ok(links.length <= 2, html);
    }), { numRuns: 300 });
  });
});
