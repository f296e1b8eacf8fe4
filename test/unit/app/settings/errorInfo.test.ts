import { strict as assert } from 'node:assert';
import { describeError, signedOutError } from '../../../../src/app/settings/errorInfo';
import { formatMessage } from '../../../../src/app/localize';
import { GitLabError } from '../../../../src/gitlab/errors';
import { errorForStatus } from '../../../../src/gitlab/messages';

describe('settings error descriptions', () => {
  it("keeps GitLab's message for an invalid level", () => {
    const info = describeError(new GitLabError('validation', "'bogus' is not a valid level", { status: 400 }), 'save', formatMessage);
    assert.equal(info.kind, 'validation');
    assert.match(info.message, /'bogus' is not a valid level/);
    assert.equal(info.field, undefined);
  });

  it('ties an unverified e-mail to the e-mail field, with GitLab\'s words', () => {
    const info = describeError(new GitLabError('validation', 'notification_email must be an email you have verified', {
      status: 400, fieldErrors: { notification_email: ['must be an email you have verified'] },
    }), 'save', formatMessage);
    assert.equal(info.field, 'notification_email');
    assert.equal(info.message, 'Notification e-mail: must be an email you have verified');
  });

  it('names the missing api scope on a refused save, read_api on a refused read', () => {
    const error = new GitLabError('forbidden', 'insufficient_scope', { status: 403, insufficientScope: true });
    const save = describeError(error, 'save', formatMessage);
    assert.equal(save.message, 'Your token lacks the `api` scope needed to change settings.');
    assert.equal(save.action, 'signIn');
    assert.match(describeError(error, 'load', formatMessage).message, /`read_api`/);
    const plain = describeError(new GitLabError('forbidden', '403 Forbidden - Your account has been blocked.'), 'save', formatMessage);
    assert.match(plain.message, /Your account has been blocked/);
    assert.equal(plain.action, undefined);
  });

  it('says a plain 403 once, in one sentence, with GitLab’s reason when it gives one', () => {
    // As the client builds them from GitLab's answers (behaviour note §1.5): its message is already a sentence.
    const bare = errorForStatus(403, { text: '403 Forbidden' }, 'PUT /projects/8/notification_settings');
    assert.equal(describeError(bare, 'save', formatMessage).message, 'GitLab does not allow this (403 Forbidden).');
    const empty = errorForStatus(403, {}, 'PUT /projects/8/notification_settings');
    assert.equal(describeError(empty, 'save', formatMessage).message, 'GitLab does not allow this (403 Forbidden).');
    const blocked = errorForStatus(403, { text: '403 Forbidden - Your account has been blocked.' }, 'GET /notification_settings');
    assert.equal(describeError(blocked, 'load', formatMessage).message, 'GitLab does not allow this: Your account has been blocked.');
    const other = errorForStatus(403, { text: 'Access denied by policy' }, 'GET /notification_settings');
    assert.equal(describeError(other, 'load', formatMessage).message, 'GitLab does not allow this: Access denied by policy.');
    // The scope case keeps its own words.
    const scope = errorForStatus(403, { text: 'The request requires higher privileges.', code: 'insufficient_scope' }, 'PUT /notification_settings');
    assert.equal(describeError(scope, 'save', formatMessage).message, 'Your token lacks the `api` scope needed to change settings.');
  });

  it('says what a 404 means where it happened', () => {
    const error = new GitLabError('notFound', '404 Project Not Found', { status: 404 });
    assert.equal(describeError(error, 'add', formatMessage).field, 'ref');
    assert.match(describeError(error, 'load', formatMessage).message, /cannot find/);
  });

  it('offers a retry for passing troubles, with the wait GitLab asked for', () => {
    assert.equal(describeError(new GitLabError('network', 'ECONNRESET'), 'save', formatMessage).action, 'retry');
    assert.match(describeError(new GitLabError('network', 'ECONNRESET'), 'save', formatMessage).message, /ECONNRESET/);
    assert.equal(describeError(new GitLabError('timeout', 't'), 'load', formatMessage).action, 'retry');
    assert.match(describeError(new GitLabError('rateLimited', 'r', { retryAfterMs: 2500 }), 'load', formatMessage).message, /3 s/);
    assert.match(describeError(new GitLabError('server', 's', { status: 502 }), 'load', formatMessage).message, /502/);
    assert.equal(describeError(new GitLabError('unauthorized', 'u'), 'load', formatMessage).action, 'signIn');
  });

  it('handles anything thrown, and clips very long text', () => {
    assert.equal(describeError(new Error('boom'), 'load', formatMessage).kind, 'unexpected');
    assert.equal(describeError('plain', 'load', formatMessage).kind, 'unexpected');
    assert.ok(describeError(new GitLabError('validation', 'x'.repeat(5000)), 'save', formatMessage).message.length <= 1000);
    assert.equal(signedOutError(formatMessage).action, 'signIn');
  });

  it('says how large an answer was refused for its size, and offers no retry (it would be as large again)', () => {
    const whole = describeError(new GitLabError('badResponse', 'm', { limitBytes: 20 * 1048576 }), 'load', formatMessage);
    assert.deepEqual(whole, { kind: 'badResponse', message: 'GitLab\'s answer is larger than 20 MB, more than this extension reads; it was not read.' });
    const listing = describeError(new GitLabError('badResponse', 'm', { limitBytes: 64 * 1024 }), 'listGroups', formatMessage);
    assert.equal(listing.message, 'GitLab\'s list of your groups is larger than 64 kB, more than this extension reads; it was not read. Add groups by ID or path instead.');
  });

  it('describes every error kind', () => {
    for (const kind of ['unauthorized', 'forbidden', 'notFound', 'validation', 'rateLimited', 'server', 'network', 'timeout', 'badResponse', 'cancelled'] as const) {
      const info = describeError(new GitLabError(kind, 'm'), 'save', formatMessage);
      assert.equal(info.kind, kind);
      assert.ok(info.message.length > 0);
    }
  });
});
