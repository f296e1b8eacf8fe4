/** Dashboard feeds (`src/gitlab/feed*`, `src/app/feeds`): the rows of that section of docs/protections.md. */
import { T, edit, type Section } from '../model';

const FEED_CLIENT = `${T}/gitlab/feeds.test.ts`;
const FEED_PLANS = `${T}/app/feeds/feedPlans.test.ts`;
const FEED_PROPERTIES = `${T}/app/feeds/mergedFeedProperties.test.ts`;
const FEED_EXAMPLES = `${T}/app/feeds/mergedFeed.test.ts`;
const FEED_LISTS = `${T}/app/activity/dashboardFeeds.test.ts`;

export const section: Section = {
  breaks: [
    {
      protection: '`scope` goes with `GET /events` alone',
      edits: [edit('src/gitlab/endpoints.ts', "  if (source.kind === 'yourProjects') query.scope = 'all';", "  if (source.kind !== 'mine') query.scope = 'all';")],
      specs: [FEED_CLIENT],
      tests: ['sends scope=all with GET /events for "your projects" only'],
    },
    {
      protection: 'Follows read by numeric user ID only',
      edits: [edit('src/gitlab/feedEndpoints.ts', '  if (!Number.isSafeInteger(id) || id < 1) throw', '  if (false as boolean) throw')],
      specs: [FEED_CLIENT],
      tests: ['refuses a user ID that is not one before sending anything'],
    },
    {
      protection: 'A server without `GET /version` is no GitLab',
      edits: [edit('src/gitlab/feedClient.ts', "      if (!(error instanceof GitLabError) || error.kind !== 'notFound') throw error;", '      throw error;')],
      specs: [FEED_CLIENT, FEED_PLANS],
      tests: ['on a server of the plain interface it is unsupported', 'a server of the plain interface is no GitLab'],
    },
    {
      protection: '`scope=all` as the first page on GitLab 15.0 and later only',
      edits: [edit('src/app/feeds/feedPlans.ts', '  return { version: version.version, scopeAllHead: match !== null && Number(match[1]) >= 15 };', '  return { version: version.version, scopeAllHead: match !== null };')],
      specs: [FEED_PLANS],
      tests: ['reads GitLab\'s version numbers', 'a GitLab without scope (before the parameter)'],
    },
    {
      protection: '…and, sent beside `GET /version` before its answer',
      edits: [edit('src/app/feeds/feedPlans.ts', '      if (!(await support).scopeAllHead) {', '      if (!(await support).version) {')],
      specs: [FEED_PLANS],
      tests: ['with the version still on its way, scope=all goes out beside it'],
    },
    {
      protection: '…and never under a server-side filter',
      edits: [edit('src/app/feeds/feedPlans.ts', '  return support.scopeAllHead && !serverFiltered(filter);', '  return support.scopeAllHead;')],
      specs: [FEED_PLANS],
      tests: ['a filter goes to every source, never to scope=all'],
    },
    {
      protection: 'A row is released only when no source could hold one before it',
      edits: [edit('src/app/feeds/mergedFeed.ts', '    if (reach !== undefined && !this.ledger.precedes(reach, id)) return false;', '    return false;')],
      specs: [FEED_PROPERTIES],
      tests: ['equal the sorted union of the sources', 'a failing source changes nothing but its own row'],
    },
    {
      protection: 'A project skipped by its last activity only with an hour of lag allowed',
      edits: [edit('src/app/feeds/mergedFeed.ts', '    return Number.isNaN(time) || state.activityMs + (this.plan.activityLagMs ?? ACTIVITY_LAG_MS) >= time;', '    return Number.isNaN(time) || state.activityMs >= time;')],
      specs: [FEED_PROPERTIES],
      tests: ['equal the sorted union of the sources'],
    },
    {
      protection: 'Each event once',
      edits: [
        edit('src/app/feeds/feedLedger.ts', '      if (this.seen.has(id) || this.buffered.has(id)) continue;\n      if (this.lastReleased', '      if (this.lastReleased'),
        edit('src/app/feeds/feedLedger.ts', '    if (this.seen.has(id)) return undefined;\n', ''),
      ],
      specs: [FEED_PROPERTIES, FEED_EXAMPLES],
      tests: ['equal the sorted union of the sources', 'Load more goes on from the sources'],
    },
    {
      protection: 'At most 4 requests in flight a feed',
      edits: [edit('src/app/feeds/mergedFeed.ts', '        if (this.reads >= this.window.current || requests >= maxRequests) break;', '        if (requests >= maxRequests) break;')],
      specs: [FEED_PROPERTIES],
      tests: ['never more than 4 requests in flight'],
    },
    {
      protection: 'A source is read only when it could hold the next row',
      edits: [edit('src/app/feeds/mergedFeed.ts', '      const blockers = this.states.filter((state) => state.buffer.length === 0 && this.mayHoldBefore(state, candidate));', '      const blockers = this.states.filter((state) => state.open);')],
      specs: [FEED_PROPERTIES, FEED_EXAMPLES],
      tests: ['none to a source holding a page unshown', 'holds at most one page a source'],
    },
    {
      protection: 'A Load more starts only the sources it certainly needs',
      edits: [edit('src/app/feeds/mergedFeed.ts', '      const starts = this.loads > 1 ? this.needed(blockers) : blockers;', '      const starts = blockers;')],
      specs: [FEED_PROPERTIES, FEED_EXAMPLES],
      tests: ['a Load more reads no source that could hold none of its rows', 'reads a quiet project only once the rows reach its last activity'],
    },
    {
      protection: '…and goes on where no cursor comes first',
      edits: [edit('src/app/feeds/feedSchedule.ts', '  if (needed.length > 0 || inFlight > 0 || waiting.length === 0) return needed;', '  return needed;')],
      specs: [FEED_EXAMPLES],
      tests: ['goes on when an import\'s old time puts the cursors out of order'],
    },
    {
      protection: 'A load never puts a row above a shown one',
      edits: [edit('src/app/feeds/feedLedger.ts', '      if (this.lastReleased !== undefined && !this.precedes(this.lastReleased, id)) {', '      if (false as boolean) {')],
      specs: [FEED_EXAMPLES],
      tests: ['comes late, never among the rows', 'what it holds above the shown rows comes late'],
    },
    {
      protection: 'At most 100 late events kept',
      edits: [edit('src/app/feeds/feedLedger.ts', '        if (this.late.length < MAX_LATE_EVENTS) this.late.push(event);', '        if (this.late.length < Infinity) this.late.push(event);')],
      specs: [FEED_EXAMPLES],
      tests: ['keeps at most 100 late events'],
    },
    {
      protection: 'At most 100 sources a feed',
      edits: [edit('src/app/feeds/feedSource.ts', '    if (sources.length < max) sources.push(source);', '    if (sources.length < Infinity) sources.push(source);')],
      specs: [FEED_EXAMPLES],
      tests: ['reads at most 100 sources', 'feed status counts what a feed left out'],
    },
    {
      protection: 'Requests per load (300) and rows per feed (5,000)',
      edits: [
        edit('src/app/feeds/mergedFeed.ts', '        if (this.reads >= this.window.current || requests >= maxRequests) break;', '        if (this.reads >= this.window.current) break;'),
        edit('src/app/feeds/mergedFeed.ts', '      if (!buffer || this.ledger.released >= this.maxRows) return undefined;', '      if (!buffer) return undefined;'),
      ],
      specs: [FEED_EXAMPLES],
      tests: ['stops at its bound of rows, and a load at its bound of requests'],
    },
    {
      protection: 'A source whose next page does not move forward ends',
      edits: [edit('src/app/feeds/mergedFeed.ts', '        state.nextPage = next !== undefined && Number.isSafeInteger(next) && next > page ? next : undefined;', '        state.nextPage = next;')],
      specs: [FEED_EXAMPLES],
      tests: ['ends a source whose next page does not move forward'],
    },
    {
      protection: 'Whom a user follows: four pages at most',
      edits: [edit('src/app/feeds/feedPlans.ts', '    for (let read = 0; page !== undefined && read < MAX_FOLLOWING_PAGES; read++) {', '    for (let read = 0; page !== undefined && read < 6; read++) {')],
      specs: [FEED_PLANS],
      tests: ['reads at most four pages of whom a user follows'],
    },
    {
      protection: 'A poll reads page 1 of four projects at most',
      edits: [edit('src/app/feeds/feedPlans.ts', '  return [...moved, ...recent].slice(0, max);', '  return [...moved, ...recent];')],
      specs: [FEED_PLANS],
      tests: ['chooses at most four projects a cycle'],
    },
    {
      protection: 'A feed\'s list reads one load a click',
      edits: [edit('src/app/lists/listStore.ts', '      want: pageSize, maxRequests, keep: request.keepsItself ? undefined : keep, window,', '      want: pageSize, maxRequests, keep, window,')],
      specs: [FEED_LISTS],
      tests: ['a list that keeps itself (a merged feed) is read one page a load'],
    },
    {
      protection: 'A server that is not GitLab is asked once an account',
      edits: [edit('src/app/activity/dashboardFeeds.ts',
        "        if (error instanceof GitLabError && error.kind === 'unsupported') this.known.set(account.key, error);\n        else this.support.delete(account.key);",
        '        this.support.delete(account.key);')],
      specs: [FEED_LISTS],
      tests: ['a server of the plain interface: one calm line per feed'],
    },
    {
      protection: 'The poll of Your projects reads `scope=all` only where it is the first page',
      edits: [edit('src/app/activity/dashboardFeeds.ts', "    if (kind === 'yourProjects' && scopeAll) return pollYourProjects(api, feed);", "    if (kind === 'yourProjects') return pollYourProjects(api, feed);")],
      specs: [FEED_LISTS],
      tests: ['a server that ignores scope (a GitLab before it)'],
    },
    {
      protection: 'A poll of People you follow reads four followees at most, in turn',
      edits: [edit('src/app/activity/dashboardFeeds.ts', '    const turn = Array.from({ length: Math.min(MAX_FEED_IN_FLIGHT, keys.length) },', '    const turn = Array.from({ length: keys.length },')],
      specs: [FEED_LISTS],
      tests: ['the poll: Your projects one request'],
    },
    {
      protection: 'A failed source\'s Retry reads that source alone',
      part: 'the list read again',
      edits: [edit('src/app/activity/dashboardFeeds.ts', '    if (!feed || !state.started || state.stale || !feed.retry(sourceKey)) {', '    if (true as boolean) {')],
      specs: [FEED_LISTS],
      tests: ['Retry on a failed source\'s row reads that source alone'],
    },
    {
      protection: 'A failed source\'s Retry reads that source alone',
      part: 'the list read to its end not reopened',
      edits: [edit('src/app/activity/dashboardFeeds.ts', '    lists.reopen(source.key);\n', '')],
      specs: [FEED_LISTS],
      tests: ['Retry on a failed source\'s row reads that source alone'],
    },
    {
      protection: 'Late events newer than the top go on top',
      part: 'the service\'s call dropped',
      edits: [edit('src/app/activity/activityService.ts', "      if (source?.source.kind === 'feed') this.dashboard.lateOnTop(this.feeds, source.key);", '')],
      specs: [FEED_LISTS],
      tests: ['Retry on a failed source\'s row reads that source alone'],
    },
    {
      protection: 'Late events newer than the top go on top',
      part: 'the newest row left where it was',
      edits: [edit('src/app/feeds/feedLedger.ts', '    this.newest = idOf(above[0]);\n', '')],
      specs: [FEED_EXAMPLES],
      tests: ['a source retried after the rows were shown'],
    },
    {
      protection: '…and only those: the late events among the shown rows are never placed',
      edits: [edit('src/app/feeds/feedLedger.ts', '    const above = this.late.filter((event) => idOf(event)! > newest)', '    const above = this.late.filter(() => true)')],
      specs: [FEED_EXAMPLES],
      tests: ['a source retried after the rows were shown'],
    },
    {
      protection: 'The Activity badge counts each event once, however many lists hold it',
      edits: [edit('src/app/activity/keptActivity.ts', '        if (!counted.has(key)) {', '        if (true as boolean) {')],
      specs: [FEED_LISTS],
      tests: ['the badge counts an event once however many lists hold it'],
    },
  ],
  elsewhere: [
  ],
};
