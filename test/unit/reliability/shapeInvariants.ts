import assert from 'node:assert/strict';
import type { BodyShape } from './endpoints';

/**
 * What a caller may rely on in a successful result, checked field by field: the fields the extension reads have
 * the types `src/gitlab/types.ts` declares (null where it allows null); everything else is open.
 */

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function field(o: Record<string, unknown>, key: string, types: ReadonlyArray<'string' | 'number' | 'null' | 'undefined'>, where: string): void {
  const value = o[key];
  const type = value === null ? 'null' : typeof value;
  assert.ok((types as readonly string[]).includes(type), `${where}.${key} is ${type}, expected ${types.join(' | ')}`);
}

function user(value: unknown, where: string): void {
  assert.ok(isObject(value), `${where} is an object`);
  field(value, 'id', ['number'], where);
  field(value, 'username', ['string'], where);
  field(value, 'name', ['string'], where);
}

function event(value: unknown, where: string): void {
  assert.ok(isObject(value), `${where} is an object`);
  field(value, 'action_name', ['string'], where);
  field(value, 'created_at', ['string', 'null', 'undefined'], where);
  field(value, 'project_id', ['number', 'null'], where);
  field(value, 'target_type', ['string', 'null'], where);
  field(value, 'target_id', ['number', 'null'], where);
  field(value, 'target_title', ['string', 'null'], where);
  field(value, 'id', ['number', 'null', 'undefined'], where);
  if (value.author !== undefined && value.author !== null) user(value.author, `${where}.author`);
  if (value.note !== undefined && value.note !== null) {
    assert.ok(isObject(value.note), `${where}.note is an object`);
    field(value.note, 'id', ['number'], `${where}.note`);
    field(value.note, 'body', ['string'], `${where}.note`);
  }
  if (value.push_data !== undefined && value.push_data !== null) assert.ok(isObject(value.push_data), `${where}.push_data is an object`);
}

function setting(value: unknown): void {
  assert.ok(isObject(value), 'setting is an object');
  field(value, 'level', ['string'], 'setting');
  field(value, 'notification_email', ['string', 'null', 'undefined'], 'setting');
  if (value.events !== undefined) {
    assert.ok(isObject(value.events), 'setting.events is an object');
    for (const [key, flag] of Object.entries(value.events)) {
      assert.ok(flag === null || typeof flag === 'boolean', `setting.events.${key} is ${typeof flag}`);
    }
  }
}

function project(value: unknown, where: string): void {
  assert.ok(isObject(value), `${where} is an object`);
  field(value, 'id', ['number'], where);
  field(value, 'name', ['string'], where);
  field(value, 'path_with_namespace', ['string'], where);
  field(value, 'web_url', ['string'], where);
}

function group(value: unknown, where: string): void {
  assert.ok(isObject(value), `${where} is an object`);
  field(value, 'id', ['number'], where);
  field(value, 'name', ['string'], where);
  field(value, 'full_path', ['string'], where);
  field(value, 'web_url', ['string'], where);
}

function page(value: unknown, item: (value: unknown, where: string) => void): void {
  assert.ok(isObject(value), 'a page is an object');
  assert.ok(Array.isArray(value.items), 'page.items is an array');
  value.items.forEach((entry, index) => item(entry, `items[${index}]`));
  assert.ok(Number.isInteger(value.page) && (value.page as number) >= 1, 'page.page is a page number');
  const next = value.nextPage;
  assert.ok(next === undefined || (Number.isInteger(next) && (next as number) > (value.page as number)), `page.nextPage ${String(next)}`);
}

export function assertTypedResult(shape: BodyShape, value: unknown): void {
  switch (shape) {
    case 'setting': return setting(value);
    case 'events': return page(value, event);
    case 'user': return user(value, 'user');
    case 'project': return project(value, 'project');
    case 'projects': return page(value, project);
    case 'groups': return page(value, group);
  }
}
