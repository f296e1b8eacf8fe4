import { groupByDay } from '../../src/app/activity/dayGrouping';
import { describeEvent } from '../../src/app/activity/eventSentence';
import { eventIconId } from '../../src/app/activity/eventIcon';
import { eventWebUrl, projectWebUrl } from '../../src/app/activity/eventUrl';
import { relativeTime } from '../../src/app/activity/relativeTime';
import type { GitLabEvent } from '../../src/gitlab/types';
import type { ProjectDirectory } from '../../src/app/projectDirectory';
import { localZone } from '../../src/app/calendar';
import { vscodeL10nT } from './vscodeL10n';

export interface StageContext {
  now: number;
  instanceUrl: string;
  directory: ProjectDirectory;
}

const zone = localZone();
const t = vscodeL10nT;

/**
 * The parts of an event row (what `EventRows` computes for the provider) one at a time over the same events, to say
 * where the time goes. Each stage is a loop over all events doing one of the calls.
 */
export const ROW_STAGES: ReadonlyArray<{ id: string; run(events: readonly GitLabEvent[], context: StageContext): number }> = [
  { id: 'groupByDay', run: (events, c) => groupByDay(events, { now: c.now, zone, order: 'desc', t }).length },
  {
    id: 'describeEvent (label)',
    run: (events) => { let n = 0; for (const e of events) n += describeEvent(e, t).sentence.length; return n; },
  },
  {
    id: 'relativeTime (description)',
    run: (events, c) => {
      let n = 0;
      for (const e of events) n += relativeTime(e.created_at, { now: c.now, zone, t }).length;
      return n;
    },
  },
  { id: 'eventIconId (icon)', run: (events) => { let n = 0; for (const e of events) n += eventIconId(e).length; return n; } },
  {
    id: 'eventWebUrl (URL)',
    run: (events, c) => {
      const lookupProject = (id: number) => {
        const p = c.directory.get(id);
        return p ? { webUrl: p.web_url, pathWithNamespace: p.path_with_namespace, name: p.name_with_namespace ?? p.name } : undefined;
      };
      let n = 0;
      for (const e of events) n += eventWebUrl(e, { instanceUrl: c.instanceUrl, lookupProject })?.length ?? 0;
      return n;
    },
  },
  {
    // Inside eventWebUrl: the project's page from the instance URL and the project's web URL (two URL parses), the
    // same for every event of a project.
    id: '  of which projectWebUrl',
    run: (events, c) => {
      let n = 0;
      for (const e of events) {
        const p = typeof e.project_id === 'number' ? c.directory.get(e.project_id) : undefined;
        n += projectWebUrl(p ? { webUrl: p.web_url, pathWithNamespace: p.path_with_namespace } : undefined, c.instanceUrl)?.length ?? 0;
      }
      return n;
    },
  },
];
