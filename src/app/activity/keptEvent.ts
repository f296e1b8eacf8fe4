import type { GitLabEvent } from '../../gitlab/types';
import { plainLine, truncate } from '../plainText';
import { TITLE_MAX } from './eventSentence';
import { DEFAULT_BODY_LENGTH } from './eventTooltip';

/** Names, refs and words the server sends: GitLab's own limit for names is 255. */
const WORD_MAX = 255;
/** Commit SHAs (SHA-256 is 64 hex digits) and times. */
const SHORT_MAX = 64;

type Json = Record<string, unknown>;

const line = (value: unknown, max: number): unknown => (typeof value === 'string' ? truncate(plainLine(value), max) : value);
const text = (value: unknown, max: number): unknown => (typeof value === 'string' ? truncate(value, max) : value);

/** Only the named fields that are present, each as `cut` leaves it. */
function pick(source: unknown, cuts: Record<string, (value: unknown) => unknown>): Json | undefined {
  if (typeof source !== 'object' || source === null) return undefined;
  const kept: Json = {};
  for (const [key, cut] of Object.entries(cuts)) {
    const value = (source as Json)[key];
    if (value !== undefined) kept[key] = cut(value);
  }
  return kept;
}

const same = (value: unknown): unknown => value;
const word = (value: unknown): unknown => text(value, WORD_MAX);
const short = (value: unknown): unknown => text(value, SHORT_MAX);
const user = (value: unknown): unknown => (value === null ? null : pick(value, { id: same, username: word, name: word }));

/**
 * An event as a kept first page stores it: only what its row, its tooltip and its link use, with text already cut as
 * they cut it for display (a title to a sentence's length, a comment to a tooltip's), so a page of huge comments or
 * unknown fields keeps a few kilobytes. Still an event the client's reader accepts.
 */
export function keptEvent(event: GitLabEvent): GitLabEvent {
  return pick(event, {
    id: same, project_id: same, action_name: word, target_id: same, target_iid: same, target_type: word,
    target_title: (value) => line(value, TITLE_MAX), author_id: same, author: user, author_username: word, created_at: short,
    note: (value) => (value === null ? null : pick(value, {
      id: same, type: word, body: (body) => (typeof body === 'string' ? truncate(body.trim(), DEFAULT_BODY_LENGTH) : body),
      system: same, noteable_id: same, noteable_type: word, noteable_iid: same, commit_id: short,
    })),
    push_data: (value) => (value === null ? null : pick(value, {
      commit_count: same, action: word, ref_type: word, commit_from: short, commit_to: short, ref: word,
      commit_title: (title) => line(title, TITLE_MAX), ref_count: same,
    })),
    wiki_page: (value) => (value === null ? null : pick(value, { title: (title) => line(title, TITLE_MAX), slug: word, format: word })),
  }) as unknown as GitLabEvent;
}
