/** Subscriptions: the rows of that section of docs/protections.md. */
import { T, edit, type Section } from '../model';

const CLIENT = `${T}/gitlab/subscriptions.test.ts`;
const SERVICE = `${T}/app/subscriptions/subscriptionService.test.ts`;
const VIEW = `${T}/ui/subscriptionView.test.ts`;

export const section: Section = {
  breaks: [
    {
      protection: 'Nothing listed where GitLab accepts the `subscribed` filter and ignores it',
      edits: [edit('src/gitlab/subscriptionClient.ts', '    if (!probe.honoured) throw new FilterIgnoredError(probe.version);\n    const page = await this.send(build, kind, false, signal);', '    const page = await this.send(build, kind, false, signal);')],
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
      edits: [edit('src/app/subscriptions/subscriptionService.ts', '    this.hide(instance, items);\n    const outcome = await this.set(instance, items, false);', '    const outcome = await this.set(instance, items, false);')],
      specs: [SERVICE, VIEW],
      tests: ['Unsubscribe moves the rows out before GitLab answers', 'Unsubscribe on a selection moves the rows at once'],
    },
    {
      protection: 'A refusal puts the rows back',
      edits: [edit('src/app/subscriptions/subscriptionService.ts', '    if (outcome.failure) this.show(instance, items.filter((item) => !outcome.changed.includes(item)));\n', '')],
      specs: [SERVICE, VIEW],
      tests: ['a refusal puts the rows back and names the api scope', 'a refused Unsubscribe puts the row back'],
    },
  ],
  elsewhere: [
  ],
};
