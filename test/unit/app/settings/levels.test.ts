import { strict as assert } from 'node:assert';
import { eventLabel, eventStateText, isKnownEventKey, KNOWN_EVENT_KEYS } from '../../../../src/app/settings/shared/labels';
import { LEVEL_ORDER, levelExplanation, levelLabel, offeredLevels } from '../../../../src/app/settings/shared/labels';
import { formatMessage, type Localize } from '../../../../src/app/localize';
import { NOTIFICATION_LEVELS, SPEC_EMAIL_EVENTS } from '../../../../src/gitlab/types';

/** Each level's label and explanation, in menu order, as the page's menus show them. */
const levelInfos = (t: Localize) => LEVEL_ORDER.map((level) => ({ level, label: levelLabel(level, t), explanation: levelExplanation(level, t) }));
const eventLabels = (t: Localize): Record<string, string> =>
  Object.fromEntries(KNOWN_EVENT_KEYS.map((key) => [key, eventLabel(key, t)]));

describe('settings levels and event labels', () => {
  it('explains each of the six levels in one line, distinct from the others', () => {
    assert.deepEqual([...LEVEL_ORDER].sort(), [...NOTIFICATION_LEVELS].sort());
    const infos = levelInfos(formatMessage);
    assert.equal(infos.length, 6);
    for (const info of infos) {
      assert.ok(info.label.length > 0 && info.explanation.length > 10, info.level);
      assert.ok(!info.explanation.includes('\n'), `${info.level} explanation is one line`);
    }
    assert.equal(new Set(infos.map((info) => info.explanation)).size, 6);
    assert.deepEqual(infos.map((info) => info.label), ['Global', 'Watch', 'Participate', 'On mention', 'Custom', 'Disabled']);
    assert.match(levelExplanation('global', formatMessage), /global notification setting/);
    assert.match(levelExplanation('disabled', formatMessage), /no notifications/);
    assert.match(levelExplanation('digest', formatMessage), /does not know\. It is kept/, 'an unknown level is explained as kept');
  });

  it('passes every text through the localizer', () => {
    const seen: string[] = [];
    const localize: Localize = (message) => {
      seen.push(message);
      return `«${message}»`;
    };
    const infos = levelInfos(localize);
    assert.ok(infos.every((info) => info.label.startsWith('«') && info.explanation.startsWith('«')));
    assert.equal(seen.length, 12);
    assert.ok(Object.values(eventLabels(localize)).every((label) => label.startsWith('«')));
  });

  it('offers global for groups and projects only, unless it is the current global level', () => {
    assert.deepEqual(offeredLevels({ kind: 'global' }, 'participating'), ['watch', 'participating', 'mention', 'custom', 'disabled']);
    assert.deepEqual(offeredLevels({ kind: 'group', id: 5 }, 'watch'), ['global', 'watch', 'participating', 'mention', 'custom', 'disabled']);
    assert.ok(offeredLevels({ kind: 'global' }, 'global').includes('global'), 'the current value is never hidden');
  });

  it('shows an unknown level from the server rather than dropping it', () => {
    const offered = offeredLevels({ kind: 'project', id: 1 }, 'digest');
    assert.equal(offered.length, 7);
    assert.equal(offered[6], 'digest');
  });

  it('labels all 24 known event keys, the spec twelve among them', () => {
    assert.equal(KNOWN_EVENT_KEYS.length, 24);
    assert.equal(new Set(KNOWN_EVENT_KEYS).size, 24);
    for (const key of SPEC_EMAIL_EVENTS) assert.ok(isKnownEventKey(key), key);
    const labels = eventLabels(formatMessage);
    assert.equal(Object.keys(labels).length, 24);
    assert.equal(new Set(Object.values(labels)).size, 24, 'labels are distinct');
    for (const key of KNOWN_EVENT_KEYS) assert.notEqual(labels[key], key, `${key} has a human label`);
    assert.equal(eventLabel('new_note', formatMessage), 'Comment is added');
  });

  it('has no label for unknown keys: they are shown by name', () => {
    assert.equal(eventLabel('brand_new_event', formatMessage), 'brand_new_event');
    assert.equal(eventLabel('constructor', formatMessage), 'constructor');
    assert.equal(eventLabel('__proto__', formatMessage), '__proto__');
  });

  it('a switch never set (null) is on for failed and fixed pipelines only, as GitLab reads it (§2.8)', () => {
    const isOn = (key: string): boolean => eventStateText(key, 'default', formatMessage) === 'default (on)';
    assert.equal(isOn('failed_pipeline'), true);
    assert.equal(isOn('fixed_pipeline'), true);
    for (const key of KNOWN_EVENT_KEYS.filter((k) => k !== 'failed_pipeline' && k !== 'fixed_pipeline')) {
      assert.equal(eventStateText(key, 'default', formatMessage), 'default (off)', key);
    }
    assert.equal(isOn('some_future_event'), false);
    assert.equal(isOn('service_account_failed_pipeline'), false);
  });

  it('a switch that is set reads on or off, whatever its key', () => {
    assert.deepEqual(['on', 'off'].map((state) => eventStateText('failed_pipeline', state as 'on' | 'off', formatMessage)), ['on', 'off']);
    assert.equal(eventStateText('new_note', 'on', formatMessage), 'on');
  });
});
