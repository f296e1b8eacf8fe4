import assert from 'node:assert/strict';
import { listRows } from '../../../../src/app/lists/listRows';
import { PagingState } from '../../../../src/app/lists/pagingState';

interface Item { id: number }
const state = (): PagingState<Item> => new PagingState<Item>((item) => item.id);
const read = (paging: PagingState<Item>, ids: number[], nextPage?: number) => {
  const ticket = paging.begin()!;
  paging.receive(ticket, { page: ticket.page, items: ids.map((id) => ({ id })), nextPage });
};

describe('listRows', () => {
  it('ends a list read to GitLab\'s end past its first page with an end row, so a last click is not met by a row that goes away', () => {
    const paging = state();
    read(paging, [3, 2], 2);
    assert.equal(listRows(paging, false).after, 'loadMore');
    read(paging, [1]);
    assert.equal(listRows(paging, false).after, 'end');
  });

  it('says nothing more of a list GitLab gave in one page, or of an empty one', () => {
    const whole = state();
    read(whole, [2, 1]);
    assert.equal(listRows(whole, false).after, undefined);
    const empty = state();
    read(empty, [], 2);
    read(empty, []);
    assert.equal(listRows(empty, false).after, undefined);
    assert.equal(listRows(empty, false).empty, true);
  });
});
