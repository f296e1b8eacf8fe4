import assert from 'node:assert/strict';
import { formatCount, formatMessage, inLanguage, keepPlainMessages } from '../../../src/app/localize';

describe('keepPlainMessages', () => {
  it('asks the wrapped t once per argument-free message, and every time for messages with arguments', () => {
    const asked: string[] = [];
    const t = keepPlainMessages((message, ...args) => { asked.push(message); return `«${formatMessage(message, ...args)}»`; });
    assert.equal(t('Open in Browser'), '«Open in Browser»');
    assert.equal(t('Open in Browser'), '«Open in Browser»');
    assert.equal(t('{0} events', '3'), '«3 events»');
    assert.equal(t('{0} events', '4'), '«4 events»');
    assert.deepEqual(asked, ['Open in Browser', '{0} events', '{0} events']);
  });
});

describe('formatCount: counts in the display language', () => {
  const inDisplay = (language: string) => inLanguage(formatMessage, language);

  it('groups thousands as each display language does', () => {
    assert.equal(formatCount(12_345, inDisplay('de')), '12.345');
    assert.equal(formatCount(1_234_567, inDisplay('de')), '1.234.567');
    assert.equal(formatCount(12_345, inDisplay('zh-cn')), '12,345');
    assert.equal(formatCount(12_345, inDisplay('en')), '12,345');
    assert.equal(formatCount(7, inDisplay('de')), '7');
  });

  it('writes plain digits where t carries no language, or one Intl does not take', () => {
    assert.equal(formatCount(12_345, formatMessage), '12345');
    assert.equal(formatCount(12_345, inDisplay('not a language!')), '12345');
  });

  it('keeps its language through keepPlainMessages, as the views wrap t', () => {
    assert.equal(formatCount(1_234, keepPlainMessages(inDisplay('de'))), '1.234');
  });
});
