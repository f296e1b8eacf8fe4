import type { Group } from '../../gitlab/types';
import type { Todo } from '../../gitlab/todoTypes';
import type { TodoPlace } from './todoViewFilter';

/** The bound on places offered: a To-Do List's projects and a person's groups are far fewer. */
export const MAX_PLACES = 500;

const placeKey = (place: TodoPlace): string => `${place.instance}\u0000${place.kind}\u0000${place.id}`;

/**
 * The projects and groups a To-Do filter can name, per instance: those of the to-dos loaded (each to-do's project, or
 * its group) and the groups the person belongs to (GitLab's `group_id` takes a group's subgroups and projects too).
 * Each once, the current one first, then by path; ids checked, at most `MAX_PLACES`.
 */
export function todoPlaceChoices(
  sources: ReadonlyArray<{ instance: string; todos: readonly Todo[]; groups?: readonly Group[] }>,
  current?: TodoPlace,
): TodoPlace[] {
  const places = new Map<string, TodoPlace>();
  const add = (place: TodoPlace) => {
    if (!Number.isSafeInteger(place.id) || place.id <= 0 || !place.path) return;
    if (!places.has(placeKey(place))) places.set(placeKey(place), place);
  };
  for (const { instance, todos, groups = [] } of sources) {
    for (const todo of todos) {
      if (todo.project) add({ kind: 'project', id: todo.project.id, instance, path: todo.project.path_with_namespace });
      else if (todo.group) add({ kind: 'group', id: todo.group.id, instance, path: todo.group.full_path });
    }
    for (const group of groups) add({ kind: 'group', id: group.id, instance, path: group.full_path });
  }
  const sorted = [...places.values()].sort((a, b) => a.path.localeCompare(b.path) || a.kind.localeCompare(b.kind) || a.instance.localeCompare(b.instance));
  const first = current && places.get(placeKey(current));
  const rest = sorted.filter((place) => place !== first);
  return (first ? [first, ...rest] : current ? [current, ...rest] : rest).slice(0, MAX_PLACES);
}
