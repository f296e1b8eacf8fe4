import assert from 'node:assert/strict';
import { openOnInstance, rowOfType } from '../../../src/ui/lists/rowCommands';
import { fake } from './fakeVscode';

describe('list rows\' commands: the row guard, and Open on the account\'s own instance', () => {
  beforeEach(() => fake.reset());
  const noPage = (host: string) => `No page on ${host}.`;
  const said = () => fake.shown.map((shown) => ('message' in shown ? shown.message : ''));

  it('opens a page of the instance (its origin, under its path), and says so of any other', async () => {
    await openOnInstance('https://gitlab.example.com/acme/web/-/issues/1', 'https://gitlab.example.com/', noPage);
    await openOnInstance('https://example.com/gitlab/acme/web/-/issues/2', 'https://example.com/gitlab', noPage);
    assert.deepEqual(fake.opened, ['https://gitlab.example.com/acme/web/-/issues/1', 'https://example.com/gitlab/acme/web/-/issues/2']);
    const refused: Array<[string | undefined, string]> = [
      ['https://evil.example/acme/web', 'https://gitlab.example.com'], // another origin
      ['https://example.com/elsewhere/x', 'https://example.com/gitlab'], // not under the instance's path
      ['https://example.com/gitlab/..%2Felsewhere/x', 'https://example.com/gitlab'], // out of it once the server decodes it
      ['javascript:alert(1)', 'https://gitlab.example.com'],
      ['https://user:pw@gitlab.example.com/x', 'https://gitlab.example.com'], // credentials in it
      [undefined, 'https://gitlab.example.com'], // no page
    ];
    for (const [url, instance] of refused) await openOnInstance(url, instance, noPage);
    assert.equal(fake.opened.length, 2, `opened ${fake.opened.slice(2).join(', ')}`);
    assert.deepEqual(said(), ['No page on gitlab.example.com.', 'No page on example.com.', 'No page on example.com.', 'No page on gitlab.example.com.',
      'No page on gitlab.example.com.', 'No page on gitlab.example.com.']);
  });

  it('takes a row of its type only', () => {
    const isTodo = rowOfType<{ type: 'todo' } | { type: 'other' }, 'todo'>('todo');
    assert.deepEqual([{ type: 'todo' }, { type: 'other' }, null, 'todo', undefined, 3].map(isTodo), [true, false, false, false, false, false]);
  });
});
