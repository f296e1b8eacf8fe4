import assert from 'node:assert/strict';
import { GitLabDouble } from '../../double';
import type { Edition } from '../../double';
import { call, FIXED_NOW } from './http';

/** Behaviour note §2: levels, event keys per edition and scope with their nulls, PUT semantics, e-mail checks. */

const CE_19 = [
  'new_release', 'new_note', 'new_issue', 'reopen_issue', 'close_issue', 'reassign_issue', 'issue_due',
  'new_merge_request', 'push_to_merge_request', 'reopen_merge_request', 'close_merge_request',
  'reassign_merge_request', 'change_reviewer_merge_request', 'merge_merge_request',
  'failed_pipeline', 'fixed_pipeline', 'success_pipeline', 'moved_project', 'merge_when_pipeline_succeeds',
];
const SPEC_12 = [
  'new_note', 'new_issue', 'reopen_issue', 'close_issue', 'reassign_issue', 'new_merge_request', 'reopen_merge_request',
  'close_merge_request', 'reassign_merge_request', 'merge_merge_request', 'failed_pipeline', 'success_pipeline',
];
const SA = ['service_account_failed_pipeline', 'service_account_success_pipeline', 'service_account_fixed_pipeline'];

const EXPECTED_KEYS: Record<Edition, Record<'global' | 'group' | 'project', string[]>> = {
  spec: { global: SPEC_12, group: SPEC_12, project: SPEC_12 },
  ce: { global: CE_19, group: CE_19, project: CE_19 },
  ee: {
    global: [...CE_19, 'new_epic', ...SA, 'approver'],
    group: [...CE_19, 'new_epic', ...SA],
    project: [...CE_19, 'approver', ...SA],
  },
};

const PATHS = { global: '/notification_settings', group: '/groups/1/notification_settings', project: '/projects/1/notification_settings' };

describe('GitLab double: notification settings', () => {
  describe('event keys per edition and scope (§2.3)', () => {
    for (const edition of ['spec', 'ce', 'ee'] as const) {
      describe(edition, () => {
        let double: GitLabDouble;
        before(async () => {
          double = await GitLabDouble.start({ edition, events: 0, now: () => FIXED_NOW });
        });
        after(() => double.close());

        for (const scope of ['global', 'group', 'project'] as const) {
          it(`${scope}: ${EXPECTED_KEYS[edition][scope].length} keys in order, with column defaults`, async () => {
            const reply = await call(double, `${PATHS[scope]}?level=custom`, { method: 'PUT' });
            assert.equal(reply.status, 200, reply.text);
            assert.deepEqual(Object.keys(reply.body.events), EXPECTED_KEYS[edition][scope]);
            for (const [key, value] of Object.entries(reply.body.events)) {
              const expected = edition === 'spec' ? false
                : key === 'moved_project' ? true
                  : key === 'merge_when_pipeline_succeeds' || key.startsWith('service_account_') ? false : null;
              assert.equal(value, expected, key);
            }
          });
        }
      });
    }
  });

  describe('behaviour', () => {
    let double: GitLabDouble;
    beforeEach(async () => {
      double = await GitLabDouble.start({
        events: 0, now: () => FIXED_NOW,
        tokens: [{ token: 'glpat-test-token', scopes: ['api'], userId: 1 }, { token: 'sam', scopes: ['api'], userId: 2 }],
      });
    });
    afterEach(() => double.close());

    it('defaults: participating globally, global for groups and projects (§2.2)', async () => {
      assert.deepEqual((await call(double, PATHS.global)).body, { level: 'participating', notification_email: 'alex@example.com' });
      assert.deepEqual((await call(double, PATHS.group)).body, { level: 'global' });
      assert.deepEqual((await call(double, PATHS.project)).body, { level: 'global' });
      // A public project of which the caller is not a member (§2.1).
      assert.deepEqual((await call(double, '/projects/community%2Fhandbook/notification_settings')).body, { level: 'global' });
    });

    it('answers the note\'s EE example byte for byte, keys in order level, events, notification_email (§2.4)', async () => {
      const reply = await call(double, '/notification_settings?level=custom&new_note=true', { method: 'PUT' });
      assert.equal(reply.text, JSON.stringify({
        level: 'custom',
        events: {
          new_release: null, new_note: true, new_issue: null, reopen_issue: null, close_issue: null, reassign_issue: null,
          issue_due: null, new_merge_request: null, push_to_merge_request: null, reopen_merge_request: null,
          close_merge_request: null, reassign_merge_request: null, change_reviewer_merge_request: null,
          merge_merge_request: null, failed_pipeline: null, fixed_pipeline: null, success_pipeline: null,
          moved_project: true, merge_when_pipeline_succeeds: false, new_epic: null,
          service_account_failed_pipeline: false, service_account_success_pipeline: false,
          service_account_fixed_pipeline: false, approver: null,
        },
        notification_email: 'alex@example.com',
      }));
      assert.deepEqual((await call(double, PATHS.global)).body, reply.body);
    });

    for (const level of ['disabled', 'participating', 'watch', 'global', 'mention', 'custom']) {
      it(`accepts level ${level} at every scope`, async () => {
        for (const path of Object.values(PATHS)) {
          const reply = await call(double, `${path}?level=${level}`, { method: 'PUT' });
          assert.equal(reply.status, 200, `${path} ${reply.text}`);
          assert.equal(reply.body.level, level);
          assert.equal('events' in reply.body, level === 'custom');
        }
      });
    }

    it('keeps stored flags across level changes and shows them only when custom', async () => {
      await call(double, `${PATHS.project}?level=custom&new_note=true&close_issue=false`, { method: 'PUT' });
      const watch = await call(double, `${PATHS.project}?level=watch`, { method: 'PUT' });
      assert.deepEqual(watch.body, { level: 'watch' });
      // Flags sent with a non-custom level are stored too (§2.5).
      await call(double, `${PATHS.project}?new_issue=true`, { method: 'PUT' });
      assert.deepEqual((await call(double, PATHS.project)).body, { level: 'watch' });
      const custom = await call(double, `${PATHS.project}?level=custom`, { method: 'PUT' });
      assert.equal(custom.body.events.new_note, true);
      assert.equal(custom.body.events.close_issue, false);
      assert.equal(custom.body.events.new_issue, true);
      assert.equal(custom.body.events.reopen_issue, null);
    });

    it('changes only the keys sent; an empty PUT answers the current state', async () => {
      await call(double, `${PATHS.group}?level=custom&new_note=true`, { method: 'PUT' });
      const reply = await call(double, `${PATHS.group}?failed_pipeline=false`, { method: 'PUT' });
      assert.equal(reply.body.level, 'custom');
      assert.equal(reply.body.events.new_note, true);
      assert.equal(reply.body.events.failed_pipeline, false);
      assert.deepEqual((await call(double, PATHS.group, { method: 'PUT' })).body, reply.body);
    });

    it('ignores keys the scope does not declare, whatever their value (§2.3)', async () => {
      const group = await call(double, `${PATHS.group}?level=custom&approver=maybe&notification_email=x`, { method: 'PUT' });
      assert.equal(group.status, 200);
      assert.ok(!('approver' in group.body.events));
      assert.ok(!('notification_email' in group.body));
      const project = await call(double, `${PATHS.project}?level=custom&new_epic=true&approver=true`, { method: 'PUT' });
      assert.ok(!('new_epic' in project.body.events));
      assert.equal(project.body.events.approver, true);
    });

    it('rejects an unknown level with the Rails enum message and rolls the request back (§2.5)', async () => {
      const reply = await call(double, `${PATHS.project}?level=bogus&new_note=true`, { method: 'PUT' });
      assert.equal(reply.status, 400);
      assert.deepEqual(reply.body, { message: "'bogus' is not a valid level" });
      assert.equal((await call(double, `${PATHS.project}?level=custom`, { method: 'PUT' })).body.events.new_note, null);
      const capital = await call(double, `${PATHS.global}?level=Watch`, { method: 'PUT' });
      assert.deepEqual(capital.body, { message: "'Watch' is not a valid level" });
    });

    it('sets notification_email to a verified address only; blank falls back to the primary (§2.5)', async () => {
      const secondary = await call(double, `${PATHS.global}?notification_email=alex.rivera%40work.example.com`, { method: 'PUT' });
      assert.equal(secondary.status, 200);
      assert.equal(secondary.body.notification_email, 'alex.rivera@work.example.com');

      const unverified = await call(double, `${PATHS.global}?level=watch&notification_email=alex%40unverified.example.com`, { method: 'PUT' });
      assert.equal(unverified.status, 400);
      assert.deepEqual(unverified.body, { message: { notification_email: ['must be an email you have verified'] } });
      const after = await call(double, PATHS.global);
      // The level in the same request still persisted; the address did not change.
      assert.deepEqual(after.body, { level: 'watch', notification_email: 'alex.rivera@work.example.com' });

      const stranger = await call(double, `${PATHS.global}?notification_email=someone%40else.example`, { method: 'PUT' });
      assert.equal(stranger.status, 400);

      const blank = await call(double, `${PATHS.global}?notification_email=`, { method: 'PUT' });
      assert.equal(blank.body.notification_email, 'alex@example.com');
      const primary = await call(double, `${PATHS.global}?notification_email=alex%40example.com`, { method: 'PUT' });
      assert.equal(primary.status, 200);
    });

    it('keeps settings per user', async () => {
      await call(double, `${PATHS.project}?level=watch`, { method: 'PUT' });
      assert.deepEqual((await call(double, PATHS.project, { token: 'sam' })).body, { level: 'global' });
      assert.deepEqual((await call(double, PATHS.global, { token: 'sam' })).body, {
        level: 'participating', notification_email: 'sam.taylor@example.com',
      });
    });

    it('resolves a project by path and by id to the same setting', async () => {
      await call(double, '/projects/acme%2Fplatform%2Fbilling/notification_settings?level=mention', { method: 'PUT' });
      assert.deepEqual((await call(double, '/projects/2/notification_settings')).body, { level: 'mention' });
    });
  });
});
