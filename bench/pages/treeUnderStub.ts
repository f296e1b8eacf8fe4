import { join } from 'node:path';
import type { EventFeeds } from '../../src/app/activity/eventFeeds';
import { ProjectDirectories, type ProjectDirectory } from '../../src/app/projectDirectory';
import type { ActivityNode } from '../../src/ui/activity/nodes';
import { installVscodeStub } from '../startup/stubHook';

const EXPANDED = 2; // vscode.TreeItemCollapsibleState.Expanded

/**
 * The real ActivityTreeProvider in this process, `vscode` answered by the bench's stub, with what the workbench does
 * on a change event: ask for the rows again (children of every expanded row, each row's item).
 */
export function ActivityTreeProviderUnderStub(feeds: EventFeeds, directory: ProjectDirectory, instanceUrl: string) {
  installVscodeStub(join(__dirname, '..', 'startup', 'vscodeStub.ts'));
  // Loaded after the hook: the provider imports `vscode`.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { ActivityTreeProvider } = require('../../src/ui/activity/activityTreeProvider') as typeof import('../../src/ui/activity/activityTreeProvider');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { ActivityItems } = require('../../src/ui/activity/activityItems') as typeof import('../../src/ui/activity/activityItems');
  const directories = new ProjectDirectories(() => undefined).adopt('', directory);
  const context = {
    signedIn: () => true, instances: () => [{ key: '', url: instanceUrl }], urlOf: () => instanceUrl, activeInstance: () => '',
    projects: () => [], users: () => [], isUnread: () => false,
  };
  const provider = new ActivityTreeProvider(feeds, directories, new ActivityItems(feeds, directories, context), context);
  const eventRows = (): number => {
    let rows = 0;
    const visit = (parent?: ActivityNode) => {
      for (const node of provider.getChildren(parent)) {
        const item = provider.getTreeItem(node);
        if (node.type === 'event') rows += 1;
        if (item.collapsibleState === EXPANDED) visit(node);
      }
    };
    visit();
    return rows;
  };
  return {
    eventRows,
    /** On each change event the rows are asked for again, as the workbench does; `listener` gets how many event rows it drew. */
    onChange(listener: (rows: number) => void): () => void {
      const subscription = provider.onDidChangeTreeData(() => listener(eventRows()));
      return () => subscription.dispose();
    },
    dispose: () => provider.dispose(),
  };
}
