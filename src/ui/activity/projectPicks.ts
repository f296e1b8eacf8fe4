import * as vscode from 'vscode';
import * as plainWindow from '../plainWindow';
import { projectRefProblem, userRefProblem } from '../../app/activity/sources';
import { checkProject } from '../../app/projectCheck';
import { GitLabError, type GitLabApi, type Project } from '../../gitlab';
import { VIEWS } from '../../ids';

/**
 * "Add Project…": a quick pick of the user's projects where the server offers `GET /projects?membership=true`,
 * always with "Enter an ID or path…" (which starts from what was typed in the filter); else straight to a validated
 * input box. A typed project is looked up before it is added: one GitLab does not know is not added, and the box
 * opens again on it, saying so.
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
  let typed = '';
  if (projects && projects.length > 0) {
    type Item = plainWindow.PlainItem & { ref?: string };
    const items: Item[] = projects.map((project) => ({
      label: project.name_with_namespace ?? project.name, description: project.path_with_namespace, ref: project.path_with_namespace,
    }));
    items.push({ icon: 'edit', label: vscode.l10n.t('Enter an ID or path…'), alwaysShow: true });
    const choice = await plainWindow.showQuickPickWithValue(items, { title: vscode.l10n.t('Add Project'), matchOnDescription: true });
    if (!choice) return undefined;
    const ref = choice.item?.ref;
    if (ref) {
      const project = projects.find((p) => p.path_with_namespace === ref);
      if (project) remember(project);
      return ref;
    }
    typed = choice.value.trim();
  }
  return typeProject(api, remember, typed);
}

/** The input box for a project ID or path, starting at `value`; a project GitLab does not know brings it back. */
async function typeProject(api: GitLabApi | undefined, remember: (project: Project) => void, value: string): Promise<string | undefined> {
  let missing: { ref: string; message: string } | undefined;
  for (;;) {
    const answer = await plainWindow.showInputBox({
      title: vscode.l10n.t('Add Project'),
      prompt: vscode.l10n.t('Project ID or full path, such as group/subgroup/project'),
      value,
      validateInput: (text) => {
        if (projectRefProblem(text)) return vscode.l10n.t('Enter a numeric project ID or a full path such as group/project.');
        return missing && cleanRef(text) === missing.ref ? missing.message : undefined;
      },
    });
    const ref = answer === undefined ? undefined : cleanRef(answer);
    if (!ref) return undefined;
    if (!api) return ref;
    const check = await vscode.window.withProgress(
      { location: { viewId: VIEWS.activity }, title: vscode.l10n.t('Looking up {0}…', ref) }, () => checkProject(api, ref));
    if (check.kind === 'found') {
      if (check.project) remember(check.project);
      return ref;
    }
    if (check.kind === 'failed') {
      const add = vscode.l10n.t('Add Anyway');
      const choice = await plainWindow.showWarningMessage(vscode.l10n.t('Could not look up {0}: {1}', ref, check.error.message), add);
      return choice === add ? ref : undefined;
    }
    missing = { ref, message: vscode.l10n.t('GitLab has no project {0}, or your account cannot see it.', ref) };
    value = answer ?? ref;
  }
}

const cleanRef = (text: string): string => text.trim().replace(/^\/+|\/+$/g, '');

export async function askUser(): Promise<string | undefined> {
  const typed = await plainWindow.showInputBox({
    title: vscode.l10n.t('Add User'),
    prompt: vscode.l10n.t('Username or numeric user ID'),
    validateInput: (value) => (userRefProblem(value) ? vscode.l10n.t('Enter a username or a numeric user ID.') : undefined),
  });
  return typed?.trim().replace(/^@/, '') || undefined;
}
