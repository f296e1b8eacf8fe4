import type { GitLabEvent } from '../../gitlab/types';
import { formatCount, formatMessage, type Localize } from '../localize';
import { formatDateTime, parseTimestamp, UTC_ZONE, type TimeZone } from '../calendar';
import { describeEvent, noteableText, pushRefText } from './eventSentence';
import { eventShape } from './eventShape';
import { escapeMarkdown, markdownQuote } from './markdownEscape';
import { commitSha, plainLine, positiveInteger, shortSha, truncate } from '../plainText';
import type { ProjectInfo } from './projectInfo';

export { escapeMarkdown } from './markdownEscape';

/**
 * The Markdown text of a row's tooltip. The shell wraps it in an untrusted MarkdownString without HTML; in
 * addition every piece of server text is escaped here, so nothing from the server renders as a link, image,
 * HTML or command.
 */
export interface TooltipOptions {
  t?: Localize;
  project?: ProjectInfo;
  /** Zone of the absolute time; UTC when not given. */
  zone?: TimeZone;
  /** Longest comment body shown, in characters. */
  maxBodyLength?: number;
}

/** The longest comment body a tooltip shows; kept first pages keep no more. */
export const DEFAULT_BODY_LENGTH = 1500;
const HARD_BREAK = '  \n';

function projectName(project: ProjectInfo | undefined): string | undefined {
  return plainLine(project?.pathWithNamespace) || plainLine(project?.name) || undefined;
}

function pushLines(event: GitLabEvent, t: Localize): string[] {
  const shape = eventShape(event);
  if (shape.kind !== 'push' || !shape.push) return [];
  const push = shape.push;
  const lines: string[] = [];
  const ref = pushRefText(push, t);
  if (ref) lines.push(t('Ref: {0}', ref));
  const commits = positiveInteger(push.commit_count);
  if (commits) lines.push(t('Commits: {0}', formatCount(commits, t)));
  const refs = positiveInteger(push.ref_count);
  if (refs) lines.push(t('Refs: {0}', formatCount(refs, t)));
  const from = commitSha(push.commit_from);
  const to = commitSha(push.commit_to);
  if (from && to) lines.push(t('Commit range: {0}', `${shortSha(from)}…${shortSha(to)}`));
  else if (to) lines.push(t('Commit: {0}', shortSha(to)));
  const title = plainLine(push.commit_title);
  if (title) lines.push(t('Commit title: {0}', title));
  return lines;
}

function commentSection(event: GitLabEvent, t: Localize, maxLength: number): string | undefined {
  const shape = eventShape(event);
  if (shape.kind !== 'note' || !shape.note || typeof shape.note.body !== 'string') return undefined;
  const on = noteableText(shape.note, t);
  const heading = on ? t('Comment on {0}:', on) : t('Comment:');
  const body = truncate(shape.note.body.trim(), maxLength);
  return body === '' ? escapeMarkdown(heading) : `${escapeMarkdown(heading)}\n\n${markdownQuote(body)}`;
}

export function eventTooltipMarkdown(event: GitLabEvent, options: TooltipOptions = {}): string {
  const t = options.t ?? formatMessage;
  const description = describeEvent(event, t);
  const username = plainLine(event.author?.username) || plainLine(event.author_username);
  const who = username && username !== description.author
    ? `**${escapeMarkdown(description.author)}** ${escapeMarkdown(`(@${username})`)}`
    : `**${escapeMarkdown(description.author)}**`;
  const sections = [`${who} ${escapeMarkdown(description.action)}`];
  if (description.title) sections[0] += `${HARD_BREAK}${escapeMarkdown(description.title)}`;

  const details: string[] = [];
  const project = projectName(options.project);
  if (project) details.push(t('Project: {0}', project));
  const created = parseTimestamp(event.created_at);
  if (created !== undefined) details.push(t('Time: {0}', formatDateTime(created, options.zone ?? UTC_ZONE)));
  details.push(...pushLines(event, t));
  sections.push(details.map(escapeMarkdown).join(HARD_BREAK));

  const comment = commentSection(event, t, options.maxBodyLength ?? DEFAULT_BODY_LENGTH);
  if (comment) sections.push(comment);
  return sections.filter((section) => section !== '').join('\n\n');
}
