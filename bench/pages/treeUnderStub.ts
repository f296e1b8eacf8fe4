import { join } from 'node:path';
import type { ProjectDirectory } from '../../src/app/projectDirectory';
import type { GitLabApi } from '../../src/gitlab/api';
import type { ActivityNode } from '../../src/ui/activity/nodes';
import { installVscodeStub } from '../startup/stubHook';

const EXPANDED = 2; // vscode.TreeItemCollapsibleState.Expanded

/**
 * The real Activity (its service and its tree in the list shell) in this process, `vscode` answered by the bench's
 * stub, with what the workbench does on a change event: ask for the rows again (children of every expanded row, each
 * row's item). One instance at `instanceUrl`, read with `api`.
 */
export function ActivityTreeUnderStub(api: GitLabApi, directory: ProjectDirectory, instanceUrl: string, pageSize: number) {
  installVscodeStub(join(__dirname, '..', 'startup', 'vscodeStub.ts'));
  // Loaded after the hook: the tree imports `vscode`.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { benchActivity } = require('../tree/activityTree') as typeof import('../tree/activityTree');
  const activity = benchActivity(api, directory, instanceUrl, { pageSize });
  const { list, dispose } = activity.tree();
  const eventRows = (): number => {
    let rows = 0;
    const visit = (parent?: ActivityNode) => {
      for (const node of list.getChildren(parent)) {
        const item = list.getTreeItem(node);
        if (node.type === 'event') rows += 1;
        if (item.collapsibleState === EXPANDED) visit(node);
      }
    };
    visit();
    return rows;
  };
  return {
    feeds: activity.service.feeds,
    mine: activity.mine,
    eventRows,
    /** On each change event the rows are asked for again, as the workbench does; `listener` gets how many event rows it drew. */
    onChange(listener: (rows: number) => void): () => void {
      const subscription = list.onDidChangeTreeData(() => listener(eventRows()));
      return () => subscription.dispose();
    },
    dispose,
  };
}
