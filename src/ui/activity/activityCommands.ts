import * as vscode from 'vscode';
import * as plainWindow from '../plainWindow';
import { accountGoneMessage, accountNow } from '../../app/actionAccount';
import { localZone, type TimeZone } from '../../app/calendar';
import { activityMarkdown } from '../../app/activity/activityMarkdown';
import { planRange, type RangePlan } from '../../app/activity/markdownRange';
import { RangeCopy } from '../../app/activity/rangeEvents';
import { eventTooltipMarkdown } from '../../app/activity/eventTooltip';
import type { ActivityService } from '../../app/activity/activityService';
import type { ProjectDirectories } from '../../app/projectDirectory';
import { MY_ACTIVITY, sourceKey, type ActivitySource } from '../../app/activity/sources';
import { GitLabError, type GitLabEvent } from '../../gitlab';
import { COMMANDS, VIEWS } from '../../ids';
import type { InstanceLists } from '../config';
import type { ReadOnlyDocuments } from '../readOnlyDocuments';
import type { Failures } from '../failures';
import type { Session } from '../session';
import type { ActivityItems } from './activityItems';
import type { FilterPicks } from './filterPicks';
import { sourceOfRow, type ActivityNode } from './nodes';
import { pickMarkdownRange } from './markdownRangePick';
import { askUser, pickProject } from './projectPicks';
import { projectInfo } from '../../app/activity/projectInfo';
import { displayCount, displayLocalize } from '../displayLanguage';

export interface ActivityCommandContext {
  session: Session;
  failures: Pick<Failures, 'report'>;
  /** The lists, the filter (the Markdown copy applies it too), the active instance (commands without a row act there). */
  service: ActivityService;
  directories: ProjectDirectories;
  /** The projects and users lists the Add and Remove commands edit. */
  lists: Pick<InstanceLists, 'add' | 'remove'>;
  /** The web pages of events and sources. */
  links: Pick<ActivityItems, 'urlOf' | 'sourceUrl'>;
  view: vscode.TreeView<ActivityNode>;
  picks: FilterPicks;
  /** Opens, focuses and selects a project's or user's row. */
  revealSource(source: ActivitySource): Promise<void>;
  /** Where the Markdown copy and event details open: read-only, so closing them asks nothing. */
  documents: ReadOnlyDocuments;
}

/** The Activity view's commands; each takes the node it was invoked on (context menu, inline button, row click). */
export function registerActivityCommands(c: ActivityCommandContext): vscode.Disposable[] {
  const sourceOf = (key: unknown): ActivitySource | undefined => (typeof key === 'string' ? c.service.sourceOf(key) : undefined);
  const urlOf = (node: ActivityNode | undefined): string | undefined => {
    if (node?.type === 'event') return c.links.urlOf(node.event, node.source.instance);
    if (node?.type === 'source') return c.links.sourceUrl(node.source);
    return undefined;
  };
  const register = (id: string, run: (...args: any[]) => unknown) => vscode.commands.registerCommand(id, run);
  /** The instance a command was run for: a row's (or a root's, or a key passed by a hint row), else the active one. */
  const instanceOf = (target: unknown): string => {
    if (typeof target === 'string' && c.session.apiFor(target)) return target;
    const node = target as Partial<ActivityNode> | undefined;
    if (node && typeof node === 'object' && 'instance' in node && typeof node.instance === 'string') return node.instance;
    return c.service.activeInstance();
  };
  const urlOfInstance = (instance: string): string | undefined => c.session.urlOf(instance);

  return [
    register(COMMANDS.markAllSeen, () => c.service.markAllSeen()),
    // A list's Retry, or every list (project names that failed to load are asked for again too).
    register(COMMANDS.refresh, (key?: unknown) => c.service.refresh(typeof key === 'string' && sourceOf(key) ? key : undefined)),
    // A feed's source row: that source read again alone, the view's progress bar showing while it is.
    register(COMMANDS.retryFeedSource, (key?: unknown, sourceKey?: unknown) => {
      if (typeof key !== 'string' || typeof sourceKey !== 'string') return undefined;
      return vscode.window.withProgress({ location: { viewId: VIEWS.activity } }, () => c.service.retryFeedSource(key, sourceKey));
    }),
    register(COMMANDS.filter, () => c.picks.chooseKind()),
    register(COMMANDS.chooseTab, () => c.picks.tab()),
    register(COMMANDS.filterAction, () => c.picks.action()),
    register(COMMANDS.filterTargetType, () => c.picks.targetType()),
    register(COMMANDS.filterDateRange, () => c.picks.dateRange()),
    register(COMMANDS.sort, () => c.picks.sort()),
    register(COMMANDS.clearFilters, () => c.picks.clear()),
    register(COMMANDS.addProject, async (target?: unknown) => {
      const instance = instanceOf(target);
      const url = urlOfInstance(instance);
      if (!url) return;
      const ref = await pickProject(c.session.apiFor(instance), (project) => c.directories.for(instance).remember(project));
      if (ref) await c.lists.add('projects', url, ref);
    }),
    register(COMMANDS.removeProject, async (node?: ActivityNode) => {
      // A project's row, or its error row when GitLab does not know it (404).
      const source = sourceOfRow(node, 'project');
      if (source) await c.lists.remove('projects', urlOfInstance(source.instance) ?? source.instance, source.ref);
    }),
    register(COMMANDS.addUser, async (target?: unknown) => {
      const url = urlOfInstance(instanceOf(target));
      if (!url) return;
      const ref = await askUser();
      if (ref) await c.lists.add('users', url, ref);
    }),
    register(COMMANDS.removeUser, async (node?: ActivityNode) => {
      const source = sourceOfRow(node, 'user');
      if (source) await c.lists.remove('users', urlOfInstance(source.instance) ?? source.instance, source.ref);
    }),
    register(COMMANDS.openInBrowser, async (node?: ActivityNode) => {
      const url = urlOf(node);
      if (url) await vscode.env.openExternal(vscode.Uri.parse(url, true));
      else if (node?.type === 'event') await vscode.commands.executeCommand(COMMANDS.showEventDetails, node);
    }),
    register(COMMANDS.copyLink, async (node?: ActivityNode) => {
      const url = urlOf(node);
      if (!url) return;
      await vscode.env.clipboard.writeText(url);
      void plainWindow.setStatusBarMessage(vscode.l10n.t('Link copied'), 3000);
    }),
    register(COMMANDS.showEventDetails, async (node?: ActivityNode) => {
      if (node?.type !== 'event') return;
      const project = node.event.project_id === null ? undefined : c.directories.for(node.source.instance).get(node.event.project_id);
      const content = eventTooltipMarkdown(node.event, {
        t: displayLocalize(), zone: localZone(),
        project: projectInfo(project),
      });
      await c.documents.show(vscode.l10n.t('GitLab Event Details'), content, { preview: true });
    }),
    register(COMMANDS.showUserEvents, async (node?: ActivityNode) => {
      if (node?.type !== 'event') return;
      const ref = node.event.author?.username ?? node.event.author_username ?? String(node.event.author_id);
      const instance = node.source.instance || c.service.activeInstance();
      await c.lists.add('users', urlOfInstance(instance) ?? instance, ref);
      const target = c.service.sourceOf(sourceKey('user', ref, instance));
      if (target) await c.revealSource(target);
    }),
    // From a dashboard feed's root: that feed's rows; elsewhere My Activity for the days picked.
    register(COMMANDS.copyActivityAsMarkdown, (node?: ActivityNode) => {
      const feed = node?.type === 'root' ? c.service.sources(node.instance).feeds.find((source) => source.ref === node.root) : undefined;
      return feed ? copyFeedAsMarkdown(c, feed) : copyActivityAsMarkdown(c);
    }),
  ];
}

/**
 * My Activity for the days the person picks, under the current filter: the pages of that range are fetched (not only
 * the pages the tree happens to hold), with progress and cancellation, then grouped by day and project. One read is
 * bounded (`RangeCopy`); when a bound stops it, the copy says so and "Continue" reads on and copies everything again,
 * for the account that read the rest: signed out, or another signed in there since, it reads nothing and says so.
 */
async function copyActivityAsMarkdown(c: ActivityCommandContext): Promise<void> {
  const zone = localZone();
  const span = await pickMarkdownRange(Date.now(), zone);
  if (!span) return;
  const feedPlan = c.service.filter.plan();
  const plan = planRange(span, feedPlan.request, zone, displayLocalize());
  if (!plan.ok) {
    void plainWindow.showWarningMessage(plan.message);
    return;
  }
  const instanceUrl = c.session.instanceUrl;
  const account = c.session.accountFor(instanceUrl);
  if (!account) {
    void plainWindow.showErrorMessage(vscode.l10n.t('Sign in to GitLab first.'));
    return;
  }
  const copy = new RangeCopy(account.api, MY_ACTIVITY.source, plan, { perPage: 100, keep: feedPlan.keep });
  for (;;) {
    if (!await readRange(c, copy, instanceUrl)) return;
    await copyMarkdown(c, copy, plan, zone);
    const stopped = copy.stoppedMessage(displayLocalize());
    if (stopped === undefined) {
      void plainWindow.setStatusBarMessage(vscode.l10n.t('GitLab activity copied as Markdown ({0} events)', displayCount(copy.events.length)), 3000);
      return;
    }
    const go = vscode.l10n.t('Continue');
    if (await plainWindow.showWarningMessage(stopped, go) !== go) return;
    const { gone } = accountNow(account, c.session.all, (a) => a.api);
    if (gone) return void plainWindow.showInformationMessage(accountGoneMessage(gone, displayLocalize()));
  }
}

/**
 * One bounded read of the range, with progress and Cancel; false when it was cancelled or failed (and said so).
 * `instanceUrl`: the instance whose client reads, named by "Sign In Again" if it refuses the token.
 */
async function readRange(c: ActivityCommandContext, copy: RangeCopy, instanceUrl: string): Promise<boolean> {
  try {
    await vscode.window.withProgress({
      location: vscode.ProgressLocation.Notification, cancellable: true,
      title: vscode.l10n.t('Copying GitLab activity as Markdown'),
    }, (progress, token) => {
      const controller = new AbortController();
      token.onCancellationRequested(() => controller.abort());
      const before = copy.events.length;
      return copy.readMore(controller.signal,
        (pages, found) => progress.report({ message: vscode.l10n.t('page {0} read, {1} events so far', displayCount(pages), displayCount(before + found)) }));
    });
    return true;
  } catch (error) {
    if (error instanceof GitLabError && error.kind === 'cancelled') {
      void plainWindow.setStatusBarMessage(vscode.l10n.t('Copying GitLab activity cancelled'), 3000);
      return false;
    }
    c.failures.report(error, instanceUrl, 'Copying activity as Markdown',
      vscode.l10n.t('Could not load your activity: {0}', error instanceof Error ? error.message : String(error)));
    return false;
  }
}

/**
 * A dashboard feed's rows as the view holds them, by day and project, to the clipboard and an editor: a feed is merged
 * from many listings, so no range of it can be read on its own; a last line says when older rows wait for Load more.
 */
async function copyFeedAsMarkdown(c: ActivityCommandContext, feed: ActivitySource): Promise<void> {
  const state = c.service.feeds.get(feed.key);
  const events = state.items as GitLabEvent[];
  if (events.length === 0) {
    void plainWindow.showInformationMessage(vscode.l10n.t('Open the feed first: it has no rows to copy yet.'));
    return;
  }
  const directory = c.directories.for(feed.instance);
  await directory.resolve(new Set(events.map((e) => e.project_id).filter((id): id is number => typeof id === 'number')));
  const text = activityMarkdown(events, {
    now: Date.now(), zone: localZone(), order: state.order ?? 'desc', t: displayLocalize(), includeAuthor: true,
    lookupProject: (id) => projectInfo(directory.get(id)),
    eventUrl: (event) => c.links.urlOf(event, feed.instance),
    incompleteNote: state.hasMore ? vscode.l10n.t('These are the rows loaded in the view; Load more reads older ones.') : undefined,
  });
  await vscode.env.clipboard.writeText(text);
  await c.documents.show(vscode.l10n.t('GitLab Activity'), text);
  void plainWindow.setStatusBarMessage(vscode.l10n.t('GitLab activity copied as Markdown ({0} events)', events.length), 3000);
}

/** The events read so far as Markdown, to the clipboard and an editor. */
async function copyMarkdown(c: ActivityCommandContext, copy: RangeCopy, plan: Extract<RangePlan, { ok: true }>, zone: TimeZone): Promise<void> {
  // Headings name each project: look up the ones the tree has not met yet (failures fall back to "Project 5").
  const directory = c.directories.for(c.service.activeInstance());
  await directory.resolve(new Set(copy.events.map((e) => e.project_id).filter((id): id is number => typeof id === 'number')));
  const text = activityMarkdown(copy.events, {
    now: Date.now(), zone, order: plan.filter.sort ?? 'desc', t: displayLocalize(),
    lookupProject: (id) => projectInfo(directory.get(id)),
    eventUrl: (event) => c.links.urlOf(event),
    incompleteNote: copy.incompleteNote(displayLocalize()),
  });
  await vscode.env.clipboard.writeText(text);
  await c.documents.show(vscode.l10n.t('GitLab Activity'), text);
}
