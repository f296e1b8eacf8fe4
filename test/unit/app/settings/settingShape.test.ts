import { strict as assert } from 'node:assert';
import { cleanSetting } from '../../../../src/app/settings/settingShape';
import type { NotificationSetting } from '../../../../src/gitlab/types';

describe('settings from GitLab, cleaned for the webview', () => {
  it('keeps a normal setting as it is, nulls and unknown keys included', () => {
    const setting = { level: 'custom', events: { new_note: null, brand_new: true }, notification_email: 'me@example.com' };
    assert.deepEqual(cleanSetting(setting), { setting, dropped: [] });
  });

  it('drops keys and values the protocol cannot carry, and says which', () => {
    const raw = JSON.parse('{"level":"custom","events":{"__proto__":true,"Bad-Key":true,"ok_key":"yes","fine":false}}') as NotificationSetting;
    const { setting, dropped } = cleanSetting(raw);
    assert.deepEqual(setting, { level: 'custom', events: { fine: false } });
    assert.deepEqual(dropped.sort(), ['events.Bad-Key', 'events.__proto__', 'events.ok_key']);
  });

  it('keeps an unknown but well-formed level; replaces a malformed one', () => {
    assert.equal(cleanSetting({ level: 'digest' }).setting.level, 'digest');
    const cleaned = cleanSetting({ level: '<b>x</b>' });
    assert.equal(cleaned.setting.level, 'unknown');
    assert.deepEqual(cleaned.dropped, ['level']);
  });
});
