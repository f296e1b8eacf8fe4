import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { groupByDay } from '../../../src/app/activity/dayGrouping';
import { relativeTime } from '../../../src/app/activity/relativeTime';
import { dayNumberOfKey, formatDate, formatDay, UTC_ZONE } from '../../../src/app/calendar';
import { formatMessage, inLanguage, keepPlainMessages, type Localize } from '../../../src/app/localize';
import { formatSnoozeEnd } from '../../../src/app/snoozeTime';

// What `vscode.l10n.t` does with a bundle: the translation of a message, or the message itself, with `{0}`… filled in.
function bundleLocalize(language: string): Localize {
  const bundle: Record<string, string> = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'l10n', `bundle.l10n.${language}.json`), 'utf8'));
  return inLanguage((message, ...args) => formatMessage(bundle[message] ?? message, ...args), language);
}

const NOW = Date.parse('2026-11-27T12:00:00Z'); // a Friday
const day = dayNumberOfKey('2026-11-03'); // a Tuesday

describe('dates in the display language', () => {
  it('English stays as it was: the messages word it', () => {
    const t = inLanguage(formatMessage, 'en');
    assert.equal(formatDay(day, t), 'Tue 3 Nov 2026');
    assert.equal(formatDate(day, t), '3 Nov 2026');
    assert.equal(formatSnoozeEnd(Date.parse('2026-11-30T09:00:00Z'), NOW, UTC_ZONE, t), 'Mon 30 Nov 09:00');
    assert.equal(formatDay(day, formatMessage), 'Tue 3 Nov 2026', 'no language given: English');
  });

  it('German: days, dates, snooze ends and relative times as German writes them', () => {
    const t = keepPlainMessages(bundleLocalize('de'));
    assert.equal(t.language, 'de', 'keeping plain messages keeps the language');
    assert.equal(formatDay(day, t), 'Di., 3. Nov. 2026');
    assert.equal(formatDate(day, t), '3. Nov. 2026');
    assert.equal(formatSnoozeEnd(Date.parse('2026-11-30T09:00:00Z'), NOW, UTC_ZONE, t), 'Mo., 30. Nov. 09:00');
    assert.equal(formatSnoozeEnd(Date.parse('2026-11-27T14:00:00Z'), NOW, UTC_ZONE, t), '14:00');
    assert.equal(relativeTime(NOW - 5 * 60_000, { now: NOW, zone: UTC_ZONE, t }), 'vor 5 Minuten');
    assert.equal(relativeTime(NOW - 3 * 86_400_000, { now: NOW, zone: UTC_ZONE, t }), 'vor 3 Tagen');
    assert.equal(relativeTime(Date.parse('2026-11-03T10:00:00Z'), { now: NOW, zone: UTC_ZONE, t }), '3. Nov. 2026');
  });

  it('Simplified Chinese: the year first, the weekday after the day', () => {
    const t = bundleLocalize('zh-cn');
    assert.equal(formatDay(day, t), '2026年11月3日周二');
    assert.equal(formatDate(day, t), '2026年11月3日');
    assert.equal(formatSnoozeEnd(Date.parse('2026-11-30T09:00:00Z'), NOW, UTC_ZONE, t), '11月30日周一 09:00');
    assert.equal(relativeTime(NOW - 2 * 3_600_000, { now: NOW, zone: UTC_ZONE, t }), '2 小时前');
  });

  it('the day groups of the tree read in the language, "Today" and "Yesterday" included', () => {
    const events = ['2026-11-27T09:00:00Z', '2026-11-26T09:00:00Z', '2026-11-03T09:00:00Z'].map((created_at, id) => ({ id, created_at }));
    const labels = (t: Localize) => groupByDay(events as never, { now: NOW, zone: UTC_ZONE, order: 'desc', t }).map((group) => group.label);
    assert.deepEqual(labels(bundleLocalize('de')), ['Heute', 'Gestern', 'Di., 3. Nov. 2026']);
    assert.deepEqual(labels(bundleLocalize('zh-cn')), ['今天', '昨天', '2026年11月3日周二']);
  });

  it('without a translation\'s language, the bundle\'s own words and order still give a German or Chinese date', () => {
    const withoutLanguage = (language: string): Localize => { const t = bundleLocalize(language); return (message, ...args) => t(message, ...args); };
    assert.equal(formatDay(day, withoutLanguage('de')), 'Di., 3. Nov. 2026');
    assert.equal(formatDate(day, withoutLanguage('zh-cn')), '2026年11月3日');
  });
});
