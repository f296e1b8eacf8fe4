import type { GitLabEvent, SortOrder } from '../../gitlab/types';
import { formatMessage, type Localize } from '../localize';
import type { TimeZone } from '../calendar';
import { groupByDay } from './dayGrouping';
import { describeEvent } from './eventSentence';
import { literalMarkdown, markdownLinkDestination } from './markdownEscape';
import { plainLine, positiveInteger } from '../plainText';
import type { ProjectLookup } from './projectInfo';

export interface ActivityMarkdownOptions {
  /** The current time, epoch milliseconds (for "Today"/"Yesterday"). */
  now: number;
  zone: TimeZone;
  /** The `sort` the events were asked for: the days read in that direction. */
  order: SortOrder;
  lookupProject: ProjectLookup;
  /** The event's web page, when one can be derived (see `eventWebUrl`). */
  eventUrl?: (event: GitLabEvent) => string | undefined;
  /** Name the author on each line; by default only when the events have more than one author. */
  includeAuthor?: boolean;
  /** A last line saying the copy is incomplete (a bound of one read stopped it), when it is. */
  incompleteNote?: string;
  t?: Localize;
}

function projectHeading(projectId: number | undefined, lookup: ProjectLookup, t: Localize): string {
  if (projectId === undefined) return t('No project');
  const info = lookup(projectId);
  return plainLine(info?.pathWithNamespace) || plainLine(info?.name) || t('Project {0}', String(projectId));
}

function hasSeveralAuthors(events: readonly GitLabEvent[]): boolean {
  const first = events[0]?.author_id;
  return events.some((event) => event.author_id !== first);
}

function eventLine(event: GitLabEvent, options: ActivityMarkdownOptions, withAuthor: boolean, t: Localize): string {
  const description = describeEvent(event, t);
  const text = literalMarkdown(withAuthor ? description.sentence : description.label, 'block');
  const url = options.eventUrl?.(event);
  const destination = url === undefined ? undefined : markdownLinkDestination(url);
  return destination ? `- ${text} ([${literalMarkdown(t('link'), 'linkText')}](${destination}))` : `- ${text}`;
}

/**
 * "Copy Activity as Markdown": the events grouped by day (the days in date order), then by project, for a stand-up
 * note. Server text renders as itself: escaped only where Markdown would read it as syntax (`literalMarkdown`), so
 * "#25", "!6" and "release/2.0" paste into a chat as written; links are http(s) only.
 */
export function activityMarkdown(events: readonly GitLabEvent[], options: ActivityMarkdownOptions): string {
  const t = options.t ?? formatMessage;
  const note = options.incompleteNote === undefined ? '' : `\n_${literalMarkdown(options.incompleteNote, 'inline')}_\n`;
  if (events.length === 0) return `${literalMarkdown(t('No activity.'), 'block')}\n${note}`;
  const withAuthor = options.includeAuthor ?? hasSeveralAuthors(events);
  const blocks: string[] = [];
  for (const day of groupByDay(events, { now: options.now, zone: options.zone, order: options.order, t })) {
    blocks.push(`## ${literalMarkdown(day.label, 'heading')}`);
    const byProject = new Map<number | undefined, string[]>();
    for (const event of day.events) {
      const projectId = positiveInteger(event.project_id);
      let lines = byProject.get(projectId);
      if (!lines) byProject.set(projectId, (lines = []));
      lines.push(eventLine(event, options, withAuthor, t));
    }
    for (const [projectId, lines] of byProject) {
      blocks.push(`### ${literalMarkdown(projectHeading(projectId, options.lookupProject, t), 'heading')}`, lines.join('\n'));
    }
  }
  return `${blocks.join('\n\n')}\n${note}`;
}
