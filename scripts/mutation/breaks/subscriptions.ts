/** Subscriptions: the rows of that section of docs/protections.md. */
import { T, edit, type Section } from '../model';

const CLIENT = `${T}/gitlab/subscriptions.test.ts`;
const SERVICE = `${T}/app/subscriptions/subscriptionService.test.ts`;
const VIEW = `${T}/ui/subscriptionView.test.ts`;
const CLOSED = `${T}/app/subscriptions/closedSubscriptions.test.ts`;
const OVERVIEW = `${T}/app/settings/overviewCounts.test.ts`;

export const section: Section = {
  breaks: [
    {
      protection: 'Nothing listed where GitLab accepts the `subscribed` filter and ignores it',
      edits: [edit('src/gitlab/subscriptionClient.ts', '    if (!probe.honoured) throw new FilterIgnoredError(probe.version);\n    const page = await this.send(build, kind, false, signal, budget);', '    const page = await this.send(build, kind, false, signal, budget);')],
      specs: [CLIENT, SERVICE, VIEW],
      tests: ['17.5 with the filter ignored: the probe says so and no kind is listed', 'says calmly, per kind, what an older GitLab cannot list', 'GitLab 17.5: one calm line per kind it cannot list'],
    },
    {
      protection: 'A page with a thing GitLab calls not subscribed is refused as the ignored filter',
      edits: [edit('src/gitlab/subscriptionClient.ts', '    if (page.items.some((item) => !item.subscribed)) throw new FilterIgnoredError(probe.version);\n', '')],
      specs: [CLIENT],
      tests: ['a page GitLab answers with an unsubscribed thing is refused as the ignored filter'],
    },
    {
      protection: 'Unsubscribe moves the rows out before GitLab answers',
      edits: [edit('src/app/subscriptions/subscriptionService.ts', '    this.hide(instance, items);\n    const outcome = await this.set(account, items, false);', '    const outcome = await this.set(account, items, false);')],
      specs: [SERVICE, VIEW],
      tests: ['Unsubscribe moves the rows out before GitLab answers', 'Unsubscribe on a selection moves the rows at once'],
    },
    {
      protection: 'A refusal puts the rows back',
      edits: [edit('src/app/subscriptions/subscriptionService.ts', '    if (outcome.failure || outcome.gone) this.show(instance, items.filter((item) => !outcome.changed.includes(item)));\n', '')],
      specs: [SERVICE, VIEW],
      tests: ['a refusal puts the rows back and names the api scope', 'a refused Unsubscribe puts the row back'],
    },
    {
      protection: 'Unsubscribe from All Closed: at most 500 listing requests',
      edits: [edit('src/app/subscriptions/closedSubscriptions.ts', 'if (bound || things.length >= MAX_CLOSED || requests >= maxRequests) {', 'if (bound || things.length >= MAX_CLOSED) {')],
      specs: [CLOSED],
      tests: ['against pages that never end (page 1 again, new ids and cursors)', 'a read stopped at its bound of requests'],
    },
    {
      protection: '…and 32 MB of answers',
      edits: [edit('src/app/subscriptions/closedSubscriptions.ts', 'page = await listing.read({ after, first: PAGE, budget }, signal);', 'page = await listing.read({ after, first: PAGE }, signal);')],
      specs: [CLOSED],
      tests: ['a byte budget across the listings'],
    },
    {
      protection: '…and the next read starts in the listing the last one did not finish',
      edits: [edit('src/app/subscriptions/closedSubscriptions.ts', 'const start = listings.length > 0 ? (options.start ?? 0) % listings.length : 0;', 'const start = 0;')],
      specs: [CLOSED],
      tests: ['a read stopped at its bound of requests: the next starts in the listing it did not finish'],
    },
    {
      protection: 'Unsubscribe from All Closed counts a thing as closed by its own state',
      edits: [edit('src/app/subscriptions/closedSubscriptions.ts', 'things.push(...page.items.filter(isClosed));', 'things.push(...page.items);')],
      specs: [CLOSED],
      tests: ['a server that ignores the state filter'],
    },
    {
      protection: 'Unsubscribe from All Closed stops reading an account that signs out',
      edits: [edit('src/app/subscriptions/subscriptionService.ts', '    this.closedReads.stopAllBut(current);\n', '')],
      specs: [CLOSED],
      tests: ['signed out while reading'],
    },
    {
      protection: 'Where an account\'s things are (its groups and projects; the workspace\'s things where a kind cannot be listed) is kept per sign-in',
      edits: [edit('src/app/subscriptions/subscriptionService.ts', 'places: (signal) => this.once(this.places, client, () => readSubscriptionPlaces({',
        'places: (signal) => this.once(this.places, this.accountAt(instance)?.subscriptions ?? client, () => readSubscriptionPlaces({')],
      specs: [`${T}/ui/subscriptionSignIns.test.ts`],
      tests: ['bob\'s lists are read over his own groups and projects'],
    },
    {
      protection: 'The overrides overview counts subscriptions of the overrides only',
      edits: [edit('src/app/settings/overview.ts', 'state.subscriptions = await readOverviewCounts(state.rows.filter(hasOwnLevel), this.deps.counts, t,', 'state.subscriptions = await readOverviewCounts(state.rows, this.deps.counts, t,')],
      specs: [OVERVIEW],
      tests: ['the overrides with their counts beside the level', '300 groups, 60 with a level of their own'],
    },
    {
      protection: '…at most 50 of them',
      edits: [edit('src/app/settings/overviewCounts.ts', '.slice(0, MAX_COUNTED_ROWS)', '')],
      specs: [OVERVIEW],
      tests: ['300 groups, 60 with a level of their own'],
    },
    {
      protection: '…without labels',
      edits: [edit('src/app/settings/overviewCounts.ts', 'row.subscriptions = await source.count(countedScope(row)!, options.signal, { labels: false });', 'row.subscriptions = await source.count(countedScope(row)!, options.signal);')],
      specs: [OVERVIEW],
      tests: ['the overrides with their counts beside the level, labels left out', '300 groups, 60 with a level of their own'],
    },
    {
      protection: 'Epics read instance-wide only where `currentUser.workItems` answers an epic',
      edits: [edit('src/gitlab/subscribedEpics.ts', "return items !== null && connectionNodes(object(items, 'workItems'), 'workItems', 1).length > 0;", 'return items !== null;')],
      specs: [SERVICE, `${T}/gitlab/subscribedEpics.test.ts`],
      tests: ['reads epics instance-wide where GitLab answers them', 'epics instance-wide only where currentUser.workItems answers them'],
    },
  ],
  elsewhere: [
  ],
};
