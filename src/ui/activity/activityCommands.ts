import * as vscode from 'vscode';
import { localZone } from '../../app/activity/calendar';
import { activityMarkdown } from '../../app/activity/activityMarkdown';
import { eventTooltipMarkdown } from '../../app/activity/eventTooltip';
import type { FeedStore } from '../../app/feeds';
import type { ProjectDirectory } from '../../app/projectDirectory';
import { MY_ACTIVITY, sourceKey, type ActivitySource } from '../../app/sources';
import { GitLabError } from '../../gitlab';
import { COMMANDS } from '../../ids';
import { updateList } from '../config';
import type { Session } from '../session';
import type { ActivityTreeProvider } from './activityTreeProvider';
import type { FilterPicks } from './filterPicks';
import type { ActivityNode } from './nodes';
import { askUser, pickProject } from './projectPicks';

export interface ActivityCommandContext {
  session: Session;
  feeds: FeedStore;
  directory: ProjectDirectory;
  tree: ActivityTreeProvider;
  view: vscode.TreeView<ActivityNode>;
  picks: FilterPicks;
  sources(): ActivitySource[];
  refreshAll(): void;
}

/** The Activity view's commands; each takes the node it was invoked on (context menu, inline button, row click). */
export function registerActivityCommands(c: ActivityCommandContext): vscode.Disposable[] {
  const sourceOf = (key: unknown): ActivitySource | undefined =>
    typeof key === 'string' ? c.sources().find((s) => s.key === key) : undefined;
  const urlOf = (node: ActivityNode | undefined): string | undefined => {
    if (node?.type === 'event') return c.tree.urlOf(node.event);
    if (node?.type === 'source') return c.tree.sourceUrl(node.source);
    return undefined;
  };
  const register = (id: string, run: (...args: any[]) => unknown) => vscode.commands.registerCommand(id, run);

  return [
    register(COMMANDS.refresh, (key?: unknown) => {
      // Project names that failed to load (network, 429, 401) are asked for again.
      c.directory.forgetFailures();
      if (typeof key === 'string' && sourceOf(key)) c.feeds.resetOne(key);
      else c.refreshAll();
    }),
    register(COMMANDS.loadMore, async (key: unknown) => {
      const source = sourceOf(key);
      if (source) await c.feeds.loadMore(source);
    }),
    register(COMMANDS.filter, () => c.picks.chooseKind()),
    register(COMMANDS.filterAction, () => c.picks.action()),
    register(COMMANDS.filterTargetType, () => c.picks.targetType()),
    register(COMMANDS.filterDateRange, () => c.picks.dateRange()),
    register(COMMANDS.sort, () => c.picks.sort()),
    register(COMMANDS.clearFilters, () => c.picks.clear()),
    register(COMMANDS.addProject, async () => {
      const ref = await pickProject(c.session.api, (project) => c.directory.remember(project));
      if (ref) await updateList('projects', (list) => (list.some((p) => p.toLowerCase() === ref.toLowerCase()) ? list : [...list, ref]));
    }),
    register(COMMANDS.removeProject, async (node?: ActivityNode) => {
      if (node?.type !== 'source' || node.source.source.kind !== 'project') return;
      const ref = node.source.ref.toLowerCase();
      await updateList('projects', (list) => list.filter((p) => p.toLowerCase() !== ref));
    }),
    register(COMMANDS.addUser, async () => {
      const ref = await askUser();
      if (ref) await updateList('users', (list) => (list.some((u) => u.toLowerCase() === ref.toLowerCase()) ? list : [...list, ref]));
    }),
    register(COMMANDS.removeUser, async (node?: ActivityNode) => {
      if (node?.type !== 'source' || node.source.source.kind !== 'user') return;
      const ref = node.source.ref.toLowerCase();
      await updateList('users', (list) => list.filter((u) => u.toLowerCase() !== ref));
    }),
    register(COMMANDS.openInBrowser, async (node?: ActivityNode) => {
      const url = urlOf(node);
      if (url) await vscode.env.openExternal(vscode.Uri.parse(url, true));
      else if (node?.type === 'event') await vscode.commands.executeCommand(COMMANDS.showEventDetails, node);
    }),
    register(COMMANDS.copyLink, async (node?: ActivityNode) => {
      const url = urlOf(node);
      if (url) await vscode.env.clipboard.writeText(url);
    }),
    register(COMMANDS.showEventDetails, async (node?: ActivityNode) => {
      if (node?.type !== 'event') return;
      const project = node.event.project_id === null ? undefined : c.directory.get(node.event.project_id);
      const content = eventTooltipMarkdown(node.event, {
        t: vscode.l10n.t, zone: localZone(),
        project: project && { webUrl: project.web_url, pathWithNamespace: project.path_with_namespace, name: project.name },
      });
      const document = await vscode.workspace.openTextDocument({ language: 'markdown', content });
      await vscode.window.showTextDocument(document, { preview: true });
    }),
    register(COMMANDS.showUserEvents, async (node?: ActivityNode) => {
      if (node?.type !== 'event') return;
      const ref = node.event.author?.username ?? node.event.author_username ?? String(node.event.author_id);
      await updateList('users', (list) => (list.some((u) => u.toLowerCase() === ref.toLowerCase()) ? list : [...list, ref]));
      const target = c.sources().find((s) => s.key === sourceKey('user', ref));
      if (target) await c.view.reveal({ type: 'source', source: target }, { expand: true, focus: true, select: true }).then(undefined, () => undefined);
    }),
    register(COMMANDS.copyActivityAsMarkdown, async () => {
      await c.feeds.load(MY_ACTIVITY);
      const state = c.feeds.get(MY_ACTIVITY.key);
      const error = c.feeds.errorOf(MY_ACTIVITY.key);
      if (error) {
        if (error.kind === 'unauthorized') c.session.reportUnauthorized(error);
        void vscode.window.showErrorMessage(vscode.l10n.t('Could not load your activity: {0}', error.message));
        return;
      }
      const text = activityMarkdown(state.events, {
        now: Date.now(), zone: localZone(), t: vscode.l10n.t,
        lookupProject: (id) => {
          const project = c.directory.get(id);
          return project && { webUrl: project.web_url, pathWithNamespace: project.path_with_namespace, name: project.name };
        },
        eventUrl: (event) => c.tree.urlOf(event),
      });
      await vscode.env.clipboard.writeText(text);
      const document = await vscode.workspace.openTextDocument({ language: 'markdown', content: text });
      await vscode.window.showTextDocument(document);
      void vscode.window.setStatusBarMessage(vscode.l10n.t('GitLab activity copied as Markdown'), 3000);
    }),
  ];
}

export function isUnauthorized(error: unknown): error is GitLabError {
  return error instanceof GitLabError && error.kind === 'unauthorized';
}
