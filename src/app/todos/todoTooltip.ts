import { formatCount, type Localize } from '../localize';
import { DEFAULT_BODY_LENGTH } from '../activity/eventTooltip';
import { escapeMarkdown } from '../activity/markdownEscape';
import { personName, truncate } from '../plainText';
import { groupReasons, type TodoGroup } from './todoGroups';

/** To-dos a tooltip lists one by one (newest first); the others are counted. */
const MAX_TODOS_LISTED = 20;

/**
 * A row's tooltip as Markdown in which every server text is escaped (it renders as the same text, never a link or a
 * command): the thing, its place, then each to-do's author and body, bodies cut as the Activity tooltips cut comments,
 * so its size is bounded whatever GitLab sends.
 */
export function todoTooltipMarkdown(group: TodoGroup, t: Localize): string {
  const lines = [`**${escapeMarkdown([group.reference, group.title].filter(Boolean).join(' '))}**`];
  if (group.place) lines.push(escapeMarkdown(group.place));
  lines.push(escapeMarkdown(groupReasons(group, t)));
  for (const todo of group.todos.slice(0, MAX_TODOS_LISTED)) {
    const author = personName(todo.author);
    lines.push(`---\n\n${escapeMarkdown(author)}: ${escapeMarkdown(truncate((todo.body ?? '').trim(), DEFAULT_BODY_LENGTH))}`);
  }
  const more = group.todos.length - MAX_TODOS_LISTED;
  if (more > 0) lines.push(`---\n\n${escapeMarkdown(t('and {0} more to-dos', formatCount(more, t)))}`);
  return lines.join('\n\n');
}
