import type { ActivitySource } from '../../app/sources';
import type { GitLabError, GitLabEvent } from '../../gitlab';

/** The Activity tree's nodes: plain data; `ActivityTreeProvider` turns them into TreeItems. */
export type ActivityNode =
  | { type: 'root'; root: 'mine' | 'projects' | 'users' }
  | { type: 'source'; source: ActivitySource }
  | { type: 'day'; source: ActivitySource; key: string; label: string; events: GitLabEvent[]; expanded: boolean }
  | { type: 'event'; source: ActivitySource; event: GitLabEvent; index: number }
  | { type: 'loadMore'; source: ActivitySource }
  | { type: 'loading'; source: ActivitySource }
  | { type: 'empty'; source: ActivitySource; filtered: boolean }
  | { type: 'error'; source: ActivitySource; error: GitLabError }
  | { type: 'showLog'; source: ActivitySource }
  | { type: 'hint'; root: 'projects' | 'users' };

export function nodeId(node: ActivityNode): string {
  switch (node.type) {
    case 'root': return `root/${node.root}`;
    case 'hint': return `hint/${node.root}`;
    case 'source': return `source/${node.source.key}`;
    case 'day': return `day/${node.source.key}/${node.key}`;
    case 'event': return `event/${node.source.key}/${node.event.id ?? `i${node.index}`}`;
    default: return `${node.type}/${node.source.key}`;
  }
}
