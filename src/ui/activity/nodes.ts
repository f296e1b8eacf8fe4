import type { ActivitySource } from '../../app/sources';
import type { GitLabError, GitLabEvent } from '../../gitlab';

/**
 * The Activity tree's nodes: plain data; `ActivityTreeProvider` turns them into TreeItems. `instance` (and each
 * source's) is the key of the instance the node belongs to.
 */
export type ActivityNode =
  | { type: 'instance'; instance: string }
  | { type: 'root'; root: 'mine' | 'projects' | 'users'; instance: string }
  | { type: 'source'; source: ActivitySource }
  | { type: 'day'; source: ActivitySource; key: string; label: string; events: GitLabEvent[]; expanded: boolean }
  | { type: 'event'; source: ActivitySource; event: GitLabEvent; index: number }
  | { type: 'loadMore'; source: ActivitySource }
  | { type: 'loading'; source: ActivitySource }
  | { type: 'empty'; source: ActivitySource; filtered: boolean }
  | { type: 'error'; source: ActivitySource; error: GitLabError }
  | { type: 'showLog'; source: ActivitySource }
  | { type: 'hint'; root: 'projects' | 'users'; instance: string };

export function nodeId(node: ActivityNode): string {
  switch (node.type) {
    case 'instance': return `instance/${node.instance}`;
    case 'root': return `root/${node.instance}/${node.root}`;
    case 'hint': return `hint/${node.instance}/${node.root}`;
    case 'source': return `source/${node.source.key}`;
    case 'day': return `day/${node.source.key}/${node.key}`;
    case 'event': return `event/${node.source.key}/${node.event.id ?? `i${node.index}`}`;
    default: return `${node.type}/${node.source.key}`;
  }
}
