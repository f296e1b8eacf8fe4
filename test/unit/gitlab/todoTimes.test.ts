import assert from 'node:assert/strict';
import { utcTime } from '../../../src/gitlab/todoShapes';

describe('to-do times read as one format', () => {
  it('reads GraphQL\'s Time (to the second) and an instance\'s own zone as REST writes UTC, so they compare as strings', () => {
    assert.equal(utcTime('2024-06-16T09:00:00Z'), '2024-06-16T09:00:00.000Z');
    assert.equal(utcTime('2024-06-16T10:00:00.000+01:00'), '2024-06-16T09:00:00.000Z');
    assert.equal(utcTime('2024-06-16T11:00:00+02:00'), '2024-06-16T09:00:00.000Z');
    assert.ok(utcTime('2024-06-16T08:59:59Z') < utcTime('2024-06-16T10:00:00.000+01:00'));
  });

  it('keeps a time it cannot read as sent, to be shown as it is', () => {
    assert.equal(utcTime('next Tuesday'), 'next Tuesday');
  });
});
