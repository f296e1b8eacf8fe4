import type { Localize } from '../localize';
import { escapeMarkdown } from '../activity/markdownEscape';
import { groupReasons, type TodoGroup } from './todoGroups';
import { personName } from '../plainText';

/**
 * A row's tooltip as Markdown in which every server text is escaped (it renders as the same text, never a link or a
 * command): the thing, its place, then each to-do's author and body.
 */
export function todoTooltipMarkdown(group: TodoGroup, t: Localize): string {
  const lines = [`**${escapeMarkdown([group.reference, group.title].filter(Boolean).join(' '))}**`];
  if (group.place) lines.push(escapeMarkdown(group.place));
  lines.push(escapeMarkdown(groupReasons(group, t)));
  for (const todo of group.todos) {
    const author = personName(todo.author);
    lines.push(`---\n\n${escapeMarkdown(author)}: ${escapeMarkdown(todo.body ?? '')}`);
  }
  return lines.join('\n\n');
}
