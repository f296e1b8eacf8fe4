import type { GitLabEvent } from '../../gitlab/types';
import type { Localize } from '../localize';
import type { TimeZone } from './calendar';
import { describeEvent } from './eventSentence';
import { eventIconId } from './eventIcon';
import { eventWebUrl, projectWebUrl } from './eventUrl';
import type { ProjectLookup } from './projectInfo';
import { relativeTime } from './relativeTime';

export interface EventRowContext {
  instanceUrl: string;
  lookupProject: ProjectLookup;
  zone: TimeZone;
  t: Localize;
}

/** What an event's tree row shows: plain text and ids; the shell makes the TreeItem. */
export interface EventRow {
  label: string;
  /** Project and relative time. */
  description: string;
  iconId: string;
  /** The event's web page, when one can be derived. */
  url?: string;
  accessibilityLabel: string;
}

interface Parts {
  label: string;
  iconId: string;
  url: string | undefined;
  project: string | undefined;
  /** The row's time-dependent text and the minute it was computed for. */
  when?: { minute: number; description: string; accessibilityLabel: string };
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

  row(event: GitLabEvent, now: number): EventRow {
    const parts = this.partsOf(event);
    const minute = Math.floor(now / 60_000);
    if (parts.when?.minute !== minute) {
      const { zone, t } = this.context();
      const text = relativeTime(event.created_at, { now, zone, t });
      const description = parts.project ? `${parts.project} · ${text}` : text;
      parts.when = { minute, description, accessibilityLabel: `${parts.label}, ${description}` };
    }
    const { description, accessibilityLabel } = parts.when;
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
      parts = {
        label: describeEvent(event, t).sentence,
        iconId: eventIconId(event),
        url: eventWebUrl(event, { instanceUrl, lookupProject, projectPage: (id) => this.projectPage(id, instanceUrl, lookupProject) }),
        project: project?.name ?? project?.pathWithNamespace,
      };
      this.parts.set(event, parts);
    }
    return parts;
  }
}
