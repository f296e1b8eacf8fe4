import * as vscode from 'vscode';
import type { Scope } from '../../gitlab';
import type { ExtensionConfig } from '../config';
import { workspaceProjectPaths } from '../activity/workspaceProjects';
import type { StatusBarScopeSource } from './notificationStatusBar';

/** `auto`: the workspace's GitLab project when a git remote points at the instance, else global; or always global. */
export class StatusBarScope implements StatusBarScopeSource {
  constructor(private readonly config: () => ExtensionConfig) {}

  async resolve(): Promise<{ scope: Scope; name: string }> {
    const config = this.config();
    if (config.statusBarScope === 'auto') {
      const [project] = await workspaceProjectPaths(config.instanceUrl);
      if (project) return { scope: { kind: 'project', id: project }, name: vscode.l10n.t('project {0}', project) };
    }
    return { scope: { kind: 'global' }, name: vscode.l10n.t('global settings') };
  }
}
