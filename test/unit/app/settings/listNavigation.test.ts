import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { movedKey, tabStopKey, typedKey } from '../../../../src/app/settings/shared/listNavigation';

const KEYS = ['global', 'group:1', 'group:2', 'project:a/b', 'project:c/d'];

describe('scope list keyboard navigation', () => {
  it('gives the tab stop to the option focused last, else the selected one, else the first', () => {
    assert.equal(tabStopKey(KEYS, 'group:2', 'project:a/b'), 'group:2');
    assert.equal(tabStopKey(KEYS, undefined, 'project:a/b'), 'project:a/b');
    // An option that left the list (a project removed) gives the stop back.
    assert.equal(tabStopKey(KEYS, 'project:gone', 'project:a/b'), 'project:a/b');
    assert.equal(tabStopKey(KEYS, 'project:gone', 'project:also-gone'), 'global');
    assert.equal(tabStopKey([], 'global', 'global'), undefined);
  });

  it('always gives exactly one listed option the tab stop', () => {
    const key = fc.constantFrom(...KEYS, 'project:gone', undefined);
    fc.assert(fc.property(fc.subarray(KEYS, { minLength: 1 }), key, key, (keys, focused, selected) => {
      assert.ok(keys.includes(tabStopKey(keys, focused, selected) as string));
    }));
  });

  it('moves with the arrow keys one option at a time, stopping at the ends, and with Home and End to the ends', () => {
    assert.equal(movedKey(KEYS, 'group:1', 'ArrowDown'), 'group:2');
    assert.equal(movedKey(KEYS, 'group:1', 'ArrowUp'), 'global');
    assert.equal(movedKey(KEYS, 'project:c/d', 'ArrowDown'), 'project:c/d');
    assert.equal(movedKey(KEYS, 'global', 'ArrowUp'), 'global');
    assert.equal(movedKey(KEYS, 'group:2', 'Home'), 'global');
    assert.equal(movedKey(KEYS, 'group:2', 'End'), 'project:c/d');
    // From nowhere (the focused option just left the list): Down starts at the top, Up at the bottom.
    assert.equal(movedKey(KEYS, 'project:gone', 'ArrowDown'), 'global');
    assert.equal(movedKey(KEYS, undefined, 'ArrowUp'), 'project:c/d');
  });

  it('leaves every other key to the list (Enter, Space, Tab, letters) and an empty list alone', () => {
    for (const key of ['Enter', ' ', 'Tab', 'a', 'ArrowLeft', 'PageDown']) assert.equal(movedKey(KEYS, 'group:1', key), undefined, key);
    assert.equal(movedKey([], undefined, 'ArrowDown'), undefined);
  });

  it('finds an option by the letters typed, any case; the same letter again steps through the matches, round to the start', () => {
    const options = [
      { key: 'global', label: 'Global' },
      { key: 'group:1', label: 'Platform' },
      { key: 'project:a/b', label: 'Payments' },
      { key: 'project:c/d', label: 'platform-docs' },
    ];
    assert.equal(typedKey(options, 'global', 'p'), 'group:1');
    assert.equal(typedKey(options, 'group:1', 'P'), 'project:a/b');
    assert.equal(typedKey(options, 'project:a/b', 'p'), 'project:c/d');
    assert.equal(typedKey(options, 'project:c/d', 'p'), 'group:1');
    // A longer prefix keeps the current option while it still matches, and moves on when it no longer does.
    assert.equal(typedKey(options, 'group:1', 'pla'), 'group:1');
    assert.equal(typedKey(options, 'group:1', 'platform-'), 'project:c/d');
    assert.equal(typedKey(options, 'project:a/b', 'pay'), 'project:a/b');
    assert.equal(typedKey(options, 'global', 'x'), undefined);
    assert.equal(typedKey(options, 'global', ''), undefined);
    assert.equal(typedKey([], undefined, 'g'), undefined);
  });
});
