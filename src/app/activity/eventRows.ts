import type { GitLabEvent } from '../../gitlab/types';
import type { Localize } from '../localize';
import type { TimeZone } from '../calendar';
import { describeEvent, type EventDescription } from './eventSentence';
import { eventIconId } from './eventIcon';
import { eventWebUrl, projectWebUrl } from './eventUrl';
import type { ProjectLookup } from './projectInfo';
import { truncate } from '../plainText';
import { relativeTime } from './relativeTime';

export interface EventRowContext {
  instanceUrl: string;
  lookupProject: ProjectLookup;
  zone: TimeZone;
  t: Localize;
}

/** What an event's tree row shows: plain text and ids; the shell makes the TreeItem. */
export interface EventRow {
  /** The target first, the verb left to the icon: "#12 Crash on save", "Branch main · Fix it". */
  label: string;
  /** Who acted (unless the view is the signed-in user's own), project and relative time: "Jane Doe · App · 5 minutes ago". */
  description: string;
  iconId: string;
  /** The event's web page, when one can be derived. */
  url?: string;
  /** The full sentence with the actor and the whole title, then project and time. */
  accessibilityLabel: string;
}

/**
 * A row's title is cut here: the target leads, and the row stays one short line in a narrow sidebar (about 40
 * characters fit in 300 pixels); the tooltip and the accessibility label carry the whole title.
 */
export const ROW_TITLE_MAX = 60;

/** Whether rows name the actor: not in My Activity, where every event is the signed-in user's. */
export type RowActor = 'shown' | 'omitted';

/**
 * The row label of an event, the same in every list: the target first, the verb left to the icon (`eventIconId`), so
 * even a 180 px sidebar shows what was acted on: "#12 Crash on save", "Branch main · Fix it". A verb the icon cannot
 * say, or an event without a target of its own, leads in words ("Étiqueté issue #12", "Joined project"). The actor,
 * where shown, follows in the row's description.
 */
export function eventRowLabel(description: EventDescription, t: Localize): string {
  const title = description.title === undefined ? undefined : truncate(description.title, ROW_TITLE_MAX);
  if (description.subject !== undefined) {
    const subject = capitalized(description.subject);
    if (title === undefined) return subject;
    // A reference ("#12", "!7") reads as GitLab lists it, followed by the title; words take a separator.
    return REFERENCE.test(subject) ? t('{0} {1}', subject, title) : t('{0} · {1}', subject, title);
  }
  const action = capitalized(description.action);
  return title ? t('{0} · {1}', action, title) : action;
}

/** GitLab's references: an issue or work item, merge request, epic or snippet number. */
const REFERENCE = /^[#!&$]\d+$/;

function capitalized(text: string): string {
  const first = text.codePointAt(0);
  if (first === undefined) return text;
  const head = String.fromCodePoint(first);
  return head.toLocaleUpperCase() + text.slice(head.length);
}

interface Parts {
  /** The row label (target first). */
  label: string;
  /** The actor's name, which leads the description where rows name the actor. */
  author: string;
  /** The full sentence (actor, action, whole title). */
  sentence: string;
  iconId: string;
  url: string | undefined;
  project: string | undefined;
  /** The row's time-dependent text and the minute it was computed for. */
  when?: { minute: number; description: string; withActor: string; accessibilityLabel: string };
}

/** Day groups after this many start collapsed, so a long history costs rows only when a person opens it. */
export const EXPANDED_DAY_GROUPS = 7;

/**
 * Rows of events. What depends on the event alone (sentence, icon, URL, project name) is kept per event object,
 * and the relative time per minute, so refreshing a tree of thousands of rows recomputes almost nothing. `forget()`
 * drops it all when project names or URLs become known.
 */
export class EventRows {
  private parts = new WeakMap<GitLabEvent, Parts>();
  /** Each project's page (`projectWebUrl`), the same for all its events, for the instance it was computed for. */
  private projectPages = new Map<number, string | undefined>();
  private pagesOf = '';

  constructor(private readonly context: () => EventRowContext) {}

  row(event: GitLabEvent, now: number, actor: RowActor = 'shown'): EventRow {
    const parts = this.partsOf(event);
    const minute = Math.floor(now / 60_000);
    if (parts.when?.minute !== minute) {
      const { zone, t } = this.context();
      const text = relativeTime(event.created_at, { now, zone, t });
      const description = parts.project ? `${parts.project} · ${text}` : text;
      // The sentence already names the actor: the accessibility label does not repeat it.
      parts.when = { minute, description, withActor: t('{0} · {1}', parts.author, description), accessibilityLabel: `${parts.sentence}, ${description}` };
    }
    const { accessibilityLabel } = parts.when;
    const description = actor === 'shown' ? parts.when.withActor : parts.when.description;
    return { label: parts.label, description, iconId: parts.iconId, url: parts.url, accessibilityLabel };
  }

  url(event: GitLabEvent): string | undefined {
    return this.partsOf(event).url;
  }

  forget(): void {
    this.parts = new WeakMap();
    this.projectPages = new Map();
  }

  private projectPage(id: number, instanceUrl: string, lookupProject: ProjectLookup): string | undefined {
    if (this.pagesOf !== instanceUrl) {
      this.projectPages = new Map();
      this.pagesOf = instanceUrl;
    }
    if (this.projectPages.has(id)) return this.projectPages.get(id);
    const page = projectWebUrl(lookupProject(id), instanceUrl);
    this.projectPages.set(id, page);
    return page;
  }

  private partsOf(event: GitLabEvent): Parts {
    let parts = this.parts.get(event);
    if (!parts) {
      const { instanceUrl, lookupProject, t } = this.context();
      const project = typeof event.project_id === 'number' ? lookupProject(event.project_id) : undefined;
      const description = describeEvent(event, t);
      parts = {
        label: eventRowLabel(description, t),
        author: description.author,
        sentence: description.sentence,
        iconId: eventIconId(event),
        url: eventWebUrl(event, { instanceUrl, lookupProject, projectPage: (id) => this.projectPage(id, instanceUrl, lookupProject) }),
        project: project?.name ?? project?.pathWithNamespace,
      };
      this.parts.set(event, parts);
    }
    return parts;
  }
}
