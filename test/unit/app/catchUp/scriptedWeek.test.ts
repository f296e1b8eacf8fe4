import assert from 'node:assert/strict';
import { whatHappened, whyWords } from '../../../../src/app/catchUp/catchUpWords';
import { whyItMatters, type MailAction, type Relation } from '../../../../src/app/catchUp/mailRules';
import { formatMessage } from '../../../../src/app/localize';
import { resolveLevelInForce } from '../../../../src/app/settings/shared/levelChain';
import { GitLabDouble } from '../../../double';
import { hasExplicitRow } from '../../../double/subscriptions/store';
import { playScriptedWeek, type ScriptedWeek, type WeekAct } from '../../../double/world/scriptedWeek';
import { catchUpOverHttp, type CatchUpOverHttp } from './catchUpOverHttp';

const NOW = new Date('2026-11-06T18:00:00.000Z');

/**
 * A scripted week in the double (comments, a push tied to its merge request by branch, approvals, a close, a
 * reassignment with no event, a mention, the person's own activity; three projects at three levels) and the Catch Up
 * rows the real service computes from what the lists read over HTTP (real undici, the real clients): every thing the
 * rules table says matters is shown, and nothing else. The expectation is the rules' (`whyItMatters`) on GitLab's side
 * of the world: the people on each thing, its subscription rows, the levels set, who acted.
 */
describe('catch-up: a scripted week against the rules table', function () {
  this.timeout(60_000);
  let double: GitLabDouble;
  let view: CatchUpOverHttp;
  let week: ScriptedWeek;

  before(async () => {
    double = await GitLabDouble.start({ now: () => NOW, events: 0 });
    week = playScriptedWeek(double, NOW);
    view = catchUpOverHttp(double.url, { now: () => NOW.getTime(), userId: week.personId, username: 'alex' });
    await view.readLists();
    await view.service.pollParticipation();
  });
  after(async () => {
    await view?.close();
    await double?.close();
  });

  const keyOf = (act: Pick<WeekAct, 'model' | 'projectId' | 'iid'>) => `p${act.projectId}${act.model === 'Issue' ? '#' : '!'}${act.iid}`;
  const ACTIONS: Record<WeekAct['action'], MailAction> = { commented: 'commented', pushed: 'pushed', approved: 'approved', closed: 'closed', reassigned: 'reassigned' };

  /** What the rules say of each act, from GitLab's side of the world. */
  function expected(): Map<string, WeekAct[]> {
    const data = double.data;
    const person = week.personId;
    const shown = new Map<string, WeekAct[]>();
    for (const act of week.acts) {
      const item = data.issuables.find((i) => i.model === act.model && i.projectId === act.projectId && i.iid === act.iid)!;
      const tookPart = data.events.some((e) => e.authorId === person && e.projectId === act.projectId && e.note?.noteableIid === act.iid && e.note.noteableType === act.model);
      const relation: Relation = {
        author: item.authorId === person, assignee: item.assigneeIds?.includes(person), reviewer: item.reviewerIds?.includes(person),
        participant: tookPart, mentioned: act.mentionsPerson === true,
        pendingTodo: data.todos.some((t) => t.userId === person && t.state === 'pending' && t.projectId === act.projectId && t.target.iid === act.iid),
        ...(hasExplicitRow(data, act.model, item.id, person, 'EXPLICITLY_SUBSCRIBED') ? { explicit: 'subscribed' as const }
          : hasExplicitRow(data, act.model, item.id, person, 'EXPLICITLY_UNSUBSCRIBED') ? { explicit: 'unsubscribed' as const } : {}),
      };
      const path = data.projects.find((p) => p.id === act.projectId)!.pathWithNamespace;
      const level = resolveLevelInForce({ kind: 'project', name: path, level: week.levels[act.projectId] ?? 'global' }, [], { kind: 'global', name: '', level: 'participating' });
      const verdict = whyItMatters({
        kind: act.model === 'Issue' ? 'issue' : 'mergeRequest', action: ACTIONS[act.action], personId: person, actorId: act.actorId, relation, level,
      });
      if (verdict.shown) shown.set(keyOf(act), [...(shown.get(keyOf(act)) ?? []), act]);
    }
    return shown;
  }

  it('every thing the rules say matters is a row, and nothing else is', async () => {
    const rows = await view.rows();
    const wanted = expected();
    assert.ok(wanted.size >= 7 && week.acts.length > wanted.size, 'the week has things that matter and things that do not');
    assert.deepEqual(rows.map((row) => row.key).sort(), [...wanted.keys()].sort());
  });

  it('the rows say what happened and why, as the rules and the acts have it', async () => {
    const rows = new Map((await view.rows()).map((row) => [row.key, row]));
    const words = (key: string) => {
      const row = rows.get(key);
      assert.ok(row, `a row for ${key}`);
      return `${whatHappened(row.summary, formatMessage)} | ${whyWords(row.why, formatMessage)}`;
    };
    const thingOf = (test: (act: WeekAct) => boolean) => keyOf(week.acts.find(test)!);
    // A push tied to the person's merge request by its source branch, then an approval.
    assert.match(words(thingOf((a) => a.action === 'pushed' && a.projectId === 1 && a.actorId !== week.personId)), /^3 commits pushed · approved by .+ \| Assigned · Author$/);
    // A reassignment writes no event: "updated".
    assert.equal(words(thingOf((a) => a.action === 'reassigned')), 'updated | Assigned');
    // Watching the project: the comment shows, the watched merge request's push alone does not.
    assert.match(words(thingOf((a) => a.projectId === 2 && a.action === 'commented')), /^1 comment by .+ · approved by .+ \| Watching /);
    // The person's earlier comment makes them a participant, at Participate; at Mention it does not mail.
    assert.match(words(thingOf((a) => a.projectId === 1 && a.action === 'commented' && a.actorId === 2 && rows.get(keyOf(a))?.why.some((w) => w.kind === 'participating') === true)), /^1 comment by .+ \| Participating$/);
    assert.equal(words(thingOf((a) => a.mentionsPerson === true)).replace(/^1 comment by [^|]+ [|]/, '1 comment |'), '1 comment | To-do · Mentioned');
  });

  it('a page opened in the browser (recentlyViewedItems) after some of a thing\'s news makes that news seen, not what came after', async () => {
    const acts = week.acts.filter((a) => a.projectId === 1 && a.model === 'Issue' && (a.action === 'commented' || a.action === 'closed'));
    const closed = acts.find((a) => a.action === 'closed')!;
    const key = keyOf(closed);
    const before = (await view.rows()).find((row) => row.key === key)!;
    assert.match(whatHappened(before.summary, formatMessage), /^1 comment by .+ · closed by /);
    const item = double.data.issuables.find((i) => i.model === 'Issue' && i.projectId === 1 && i.iid === closed.iid)!;
    // Opened in the browser between the comment and the close.
    double.viewInBrowser(week.personId, item, new Date(Date.parse(closed.at) - 3_600_000));
    await view.service.pollParticipation();
    const after = (await view.rows()).find((row) => row.key === key);
    assert.ok(after, 'the close came after the view: still news');
    assert.match(whatHappened(after.summary, formatMessage), /^closed by /);
    // Opened after everything: the row goes.
    double.viewInBrowser(week.personId, item, new Date(Date.parse(closed.at) + 60_000));
    await view.service.pollParticipation();
    assert.equal((await view.rows()).find((row) => row.key === key), undefined);
  });

  it('own activity alone makes no row; nor does a push at Watch or a comment at Mention on a thing only taken part in', async () => {
    const rows = new Set((await view.rows()).map((row) => row.key));
    const own = week.acts.filter((a) => a.actorId === week.personId).map(keyOf);
    const others = new Set(week.acts.filter((a) => a.actorId !== week.personId).map(keyOf));
    for (const key of own) if (!others.has(key)) assert.ok(!rows.has(key), `${key}: only the person's own activity`);
    const watchPush = week.acts.find((a) => a.projectId === 2 && a.action === 'pushed')!;
    assert.ok(!rows.has(keyOf(watchPush)), 'push_to_merge_request is not mailed to watchers');
    const mentionLevel = week.acts.filter((a) => a.projectId === 3 && a.action === 'commented' && a.actorId !== week.personId && !a.mentionsPerson);
    assert.equal(mentionLevel.filter((a) => !rows.has(keyOf(a))).length, 1, 'at Mention, the comment on a thing the person only took part in is left out');
  });
});
