import assert from 'node:assert/strict';
import { formatMessage } from '../../../../src/app/localize';
import { heldSummary, type InstanceTodo } from '../../../../src/app/todos/newTodos';
import {
  HeldTodos, MAX_HELD_PER_INSTANCE, WORKING_HOURS_FRESH_MS, withinWorkingHours, WorkingHoursGate,
} from '../../../../src/app/todos/workingHours';
import { TodoClient, type Todo, type WorkingHours } from '../../../../src/gitlab';
import { GitLabDouble } from '../../../double';
import { makeClient, TOKEN, type TestClient } from '../../gitlab/helpers';

/** Nine to five in Berlin, Monday to Friday: 09:00 there is 07:00 UTC in summer, 08:00 in winter. */
const OFFICE: WorkingHours = { enabled: true, start: 9 * 60, end: 17 * 60, days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], timeZone: 'Europe/Berlin' };
const at = (iso: string) => Date.parse(iso);
const A = 'https://gitlab.example.com';
const todo = (id: number, action_name = 'review_requested') => ({ id, action_name }) as Todo;
const found = (...ids: number[]): InstanceTodo[] => ids.map((id) => ({ instance: A, todo: todo(id) }));
const REASONS = new Set(['review_requested', 'mentioned']);

describe('working hours of new-to-do notifications', () => {
  describe('GitLab\'s schedule', () => {
    it('is open within the window on the days named, in the zone named; the end is exclusive', () => {
      // Monday 1 July 2024 (summer time: UTC+2).
      assert.equal(withinWorkingHours(OFFICE, at('2024-07-01T06:59:00Z')), false, '08:59 in Berlin');
      assert.equal(withinWorkingHours(OFFICE, at('2024-07-01T07:00:00Z')), true, '09:00 in Berlin');
      assert.equal(withinWorkingHours(OFFICE, at('2024-07-01T14:59:00Z')), true, '16:59');
      assert.equal(withinWorkingHours(OFFICE, at('2024-07-01T15:00:00Z')), false, '17:00: the end is exclusive');
      assert.equal(withinWorkingHours(OFFICE, at('2024-07-06T10:00:00Z')), false, 'Saturday');
      // Winter time (UTC+1): 09:00 in Berlin is 08:00 UTC.
      assert.equal(withinWorkingHours(OFFICE, at('2024-12-02T07:30:00Z')), false);
      assert.equal(withinWorkingHours(OFFICE, at('2024-12-02T08:00:00Z')), true);
      assert.equal(withinWorkingHours({ ...OFFICE, days: ['Monday'] }, at('2024-07-01T10:00:00Z')), true, 'day names without case');
    });

    it('a window ending before it starts crosses midnight, the night belonging to the day it began', () => {
      const nights: WorkingHours = { ...OFFICE, start: 22 * 60, end: 6 * 60, days: ['friday'], timeZone: 'UTC' };
      assert.equal(withinWorkingHours(nights, at('2024-07-05T23:00:00Z')), true, 'Friday night');
      assert.equal(withinWorkingHours(nights, at('2024-07-06T05:59:00Z')), true, 'the small hours of Saturday');
      assert.equal(withinWorkingHours(nights, at('2024-07-06T06:00:00Z')), false);
      assert.equal(withinWorkingHours(nights, at('2024-07-05T05:00:00Z')), false, 'the small hours of Friday belong to Thursday');
    });

    it('delivers where it cannot decide, as GitLab\'s schedule does: off, no hours, equal hours, no day, an unknown zone', () => {
      const saturday = at('2024-07-06T10:00:00Z');
      assert.equal(withinWorkingHours(undefined, saturday), true, 'an older GitLab: no fields');
      assert.equal(withinWorkingHours({ ...OFFICE, enabled: false }, saturday), true);
      assert.equal(withinWorkingHours({ ...OFFICE, start: null }, saturday), true);
      assert.equal(withinWorkingHours({ ...OFFICE, end: OFFICE.start }, saturday), true);
      assert.equal(withinWorkingHours({ ...OFFICE, days: [] }, saturday), true);
      assert.equal(withinWorkingHours({ ...OFFICE, days: ['caturday'] }, saturday), true);
      assert.equal(withinWorkingHours({ ...OFFICE, timeZone: 'Mars/Olympus_Mons' }, saturday), true);
      assert.equal(withinWorkingHours({ ...OFFICE, timeZone: null }, saturday), true);
      assert.equal(withinWorkingHours({ ...OFFICE, start: 24 * 60 }, saturday), true);
    });
  });

  describe('held to-dos', () => {
    it('keeps at most MAX_HELD_PER_INSTANCE ids per instance and counts the rest; each id once; release forgets', () => {
      const held = new HeldTodos();
      held.hold(A, Array.from({ length: MAX_HELD_PER_INSTANCE + 20 }, (_, i) => i + 1));
      held.hold(A, [1, 2, 3]);
      assert.equal(held.remembered(A), MAX_HELD_PER_INSTANCE, 'ids beyond the bound are counted, not kept');
      assert.equal(held.release(A), MAX_HELD_PER_INSTANCE + 20);
      assert.equal(held.release(A), 0);
      assert.equal(held.any, false);
      held.hold(A, [1]);
      held.keepOnly(new Set());
      assert.equal(held.any, false, 'gone at sign-out');
    });

    it('the summary says how many, once', () => {
      assert.equal(heldSummary(1, formatMessage), 'You have 1 new to-do from outside your working hours.');
      assert.equal(heldSummary(3, formatMessage), 'You have 3 new to-dos from outside your working hours.');
    });
  });

  describe('against the GitLab double', function () {
    this.timeout(20_000);
    let double: GitLabDouble;
    const made: TestClient[] = [];
    const todosOf = (server: GitLabDouble, token = TOKEN) => {
      const client = makeClient(server.url, { token: () => token });
      made.push(client);
      return new TodoClient(client.transport);
    };
    const gateOf = (todos: TodoClient, log: string[] = []) => new WorkingHoursGate(() => todos.getWorkingHours(), (line) => log.push(line));

    beforeEach(async () => {
      double = await GitLabDouble.start({
        graphql: '19.3',
        tokens: [{ token: TOKEN, scopes: ['api'] }, { token: 'fine-no-preferences', scopes: [], permissions: ['read_todo', 'update_todo'] }],
      });
      double.data.users.find((user) => user.id === 1)!.mobilePushWorkingHours = { ...OFFICE };
    });
    afterEach(async () => {
      await Promise.all(made.splice(0).map((client) => client.close()));
      await double.close();
    });

    it('reads the five fields of GET /user/preferences on 19.3; an older GitLab has none, a spec-only server no such route', async () => {
      assert.deepEqual(await todosOf(double).getWorkingHours(), OFFICE);
      const older = await GitLabDouble.start({});
      const specOnly = await GitLabDouble.start({ specOnly: true });
      try {
        assert.equal(await todosOf(older).getWorkingHours(), undefined);
        assert.equal(await todosOf(specOnly).getWorkingHours(), undefined);
      } finally {
        await older.close();
        await specOnly.close();
      }
    });

    it('reads a wrong answer as GitLab\'s schedule would: a refused shape, and no more than seven days or a 64-character zone', async () => {
      const todos = todosOf(double);
      const days = Array.from({ length: 1000 }, () => 'monday');
      double.inject({ fault: { kind: 'malformed', contentType: 'application/json', body: JSON.stringify({
        mobile_push_working_hours_enabled: true, mobile_push_working_hours_start: '09:00', mobile_push_working_hours_end: 1020,
        mobile_push_working_days: [...days, 7], mobile_push_working_hours_time_zone: 'x'.repeat(65),
      }) }, path: '/user/preferences' });
      assert.deepEqual(await todos.getWorkingHours(), { enabled: true, start: null, end: 1020, days: days.slice(0, 7), timeZone: null });
      double.inject({ fault: { kind: 'malformed', contentType: 'application/json', body: '{"mobile_push_working_hours_enabled":"yes"}' }, path: '/user/preferences' });
      await assert.rejects(todos.getWorkingHours(), (error: Error & { kind?: string }) => error.kind === 'badResponse');
    });

    it('holds what would notify outside the hours, tells the rest, and sums the held up once when the hours begin', async () => {
      const gate = gateOf(todosOf(double));
      const saturday = at('2024-07-06T10:00:00Z');
      const mixed = [...found(11, 12), { instance: A, todo: todo(13, 'marked') }];
      assert.deepEqual(await gate.sort(mixed, REASONS, saturday, false), { tell: [mixed[2]], held: 2, summary: 0 });
      // Sunday: still closed, more held.
      assert.deepEqual(await gate.sort(found(14), REASONS, at('2024-07-07T10:00:00Z'), false), { tell: [], held: 1, summary: 0 });
      // Monday 08:59 in Berlin: closed; nothing new, nothing said.
      assert.deepEqual(await gate.sort([], REASONS, at('2024-07-01T06:59:00Z') + 7 * 86_400_000, false), { tell: [], held: 0, summary: 0 });
      // Monday 09:00: one summary of the three held, and a new one told as it comes.
      const monday = at('2024-07-08T07:00:00Z');
      assert.deepEqual(await gate.sort(found(15), REASONS, monday, false), { tell: found(15), held: 0, summary: 3 });
      assert.deepEqual(await gate.sort([], REASONS, monday + 60_000, false), { tell: [], held: 0, summary: 0 }, 'once');
    });

    it('asks GitLab only when something waits on the hours, and again once what it said is stale', async () => {
      const gate = gateOf(todosOf(double));
      const asked = () => double.requests.filter((r) => r.path === '/api/v4/user/preferences').length;
      const saturday = at('2024-07-06T10:00:00Z');
      await gate.sort([{ instance: A, todo: todo(1, 'marked') }], REASONS, saturday, false);
      assert.equal(asked(), 0, 'nothing that notifies: not asked');
      await gate.sort(found(2), REASONS, saturday, false);
      await gate.sort(found(3), REASONS, saturday + 60_000, false);
      assert.equal(asked(), 1, 'kept while fresh');
      // The person turns the hours off in GitLab; once stale, the held are summed up and new ones told.
      double.data.users.find((user) => user.id === 1)!.mobilePushWorkingHours = { ...OFFICE, enabled: false };
      assert.deepEqual(await gate.sort(found(4), REASONS, saturday + WORKING_HOURS_FRESH_MS, false), { tell: found(4), held: 0, summary: 2 });
      assert.equal(asked(), 2);
    });

    it('the setting ignores the hours; a GitLab without them, or a token that may not read them, delivers (said once)', async () => {
      const saturday = at('2024-07-06T10:00:00Z');
      assert.deepEqual(await gateOf(todosOf(double)).sort(found(1), REASONS, saturday, true), { tell: found(1), held: 0, summary: 0 });
      const older = await GitLabDouble.start({});
      try {
        assert.deepEqual(await gateOf(todosOf(older)).sort(found(1), REASONS, saturday, false), { tell: found(1), held: 0, summary: 0 });
      } finally {
        await older.close();
      }
      const log: string[] = [];
      const refused = gateOf(todosOf(double, 'fine-no-preferences'), log);
      assert.deepEqual(await refused.sort(found(1), REASONS, saturday, false), { tell: found(1), held: 0, summary: 0 });
      assert.deepEqual(await refused.sort(found(2), REASONS, saturday + WORKING_HOURS_FRESH_MS, false), { tell: found(2), held: 0, summary: 0 });
      assert.equal(log.length, 1);
      assert.match(log[0], /these permissions: read_user_preference\. .*GitLab names them: "User Preference: Read"/);
    });

    it('forgets an instance signed out of: its held to-dos are not summed up after another sign-in', async () => {
      const gate = gateOf(todosOf(double));
      await gate.sort(found(1, 2), REASONS, at('2024-07-06T10:00:00Z'), false);
      gate.keepOnly(new Set());
      assert.deepEqual(await gate.sort([], REASONS, at('2024-07-08T07:00:00Z'), false), { tell: [], held: 0, summary: 0 });
    });
  });
});
