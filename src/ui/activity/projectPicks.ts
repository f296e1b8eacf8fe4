import * as vscode from 'vscode';
import * as plainWindow from '../plainWindow';
import { projectRefProblem, userRefProblem } from '../../app/sources';
import { GitLabError, type GitLabApi, type Project } from '../../gitlab';
import { VIEWS } from '../../ids';

/**
 * "Add Project…": a quick pick of the user's projects where the server offers `GET /projects?membership=true`,
 * always with "Enter an ID or path…"; else straight to a validated input box.
 */
export async function pickProject(api: GitLabApi | undefined, remember: (project: Project) => void): Promise<string | undefined> {
  let projects: Project[] | undefined;
  if (api) {
    projects = await vscode.window.withProgress(
      { location: { viewId: VIEWS.activity }, title: vscode.l10n.t('Loading your projects…') },
      () => api.listMyProjects({ perPage: 100 }).then((page) => page.items, (error: unknown) => {
        // A server that offers only the spec's interface answers 404: fall back to typing.
        if (error instanceof GitLabError && error.kind === 'notFound') return undefined;
        void plainWindow.showWarningMessage(vscode.l10n.t('Could not list your projects: {0}', error instanceof Error ? error.message : String(error)));
        return undefined;
      }));
  }
  if (projects && projects.length > 0) {
    type Item = plainWindow.PlainItem & { ref?: string };
    const items: Item[] = projects.map((project) => ({
      label: project.name_with_namespace ?? project.name, description: project.path_with_namespace, ref: project.path_with_namespace,
    }));
    items.push({ icon: 'edit', label: vscode.l10n.t('Enter an ID or path…'), alwaysShow: true });
    const choice = await plainWindow.showQuickPick(items, { title: vscode.l10n.t('Add Project'), matchOnDescription: true });
    if (!choice) return undefined;
    if (choice.ref) {
      const project = projects.find((p) => p.path_with_namespace === choice.ref);
      if (project) remember(project);
      return choice.ref;
    }
  }
  const typed = await plainWindow.showInputBox({
    title: vscode.l10n.t('Add Project'),
    prompt: vscode.l10n.t('Project ID or full path, such as group/subgroup/project'),
    validateInput: (value) => (projectRefProblem(value) ? vscode.l10n.t('Enter a numeric project ID or a full path such as group/project.') : undefined),
  });
  return typed?.trim().replace(/^\/+|\/+$/g, '') || undefined;
}

export async function askUser(): Promise<string | undefined> {
  const typed = await plainWindow.showInputBox({
    title: vscode.l10n.t('Add User'),
    prompt: vscode.l10n.t('Username or numeric user ID'),
    validateInput: (value) => (userRefProblem(value) ? vscode.l10n.t('Enter a username or a numeric user ID.') : undefined),
  });
  return typed?.trim().replace(/^@/, '') || undefined;
}
