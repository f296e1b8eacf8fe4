import assert from 'node:assert/strict';
import { formatMessage, keepPlainMessages } from '../../../src/app/localize';

describe('keepPlainMessages', () => {
  it('asks the wrapped t once per argument-free message, and every time for messages with arguments', () => {
    const asked: string[] = [];
    const t = keepPlainMessages((message, ...args) => { asked.push(message); return `«${formatMessage(message, ...args)}»`; });
    assert.equal(t('Open in Browser'), '«Open in Browser»');
    assert.equal(t('Open in Browser'), '«Open in Browser»');
    assert.equal(t('{0} events', 3), '«3 events»');
    assert.equal(t('{0} events', 4), '«4 events»');
    assert.deepEqual(asked, ['Open in Browser', '{0} events', '{0} events']);
  });
});
