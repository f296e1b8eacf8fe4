import type { GitLabEvent, Note, PushData } from '../../../../src/gitlab/types';

/** Events shaped like GitLab's (behaviour note §3.6), with only what a test changes spelled out. */
export const SHA_FROM = '50d4420237a9de7be1304607147aec22e4a14af7';
export const SHA_TO = 'c5feabde2d8cd023215af4d2ceeb7a64839fc428';

export function makeEvent(overrides: Partial<GitLabEvent> = {}): GitLabEvent {
  return {
    id: 1,
    project_id: 5,
    action_name: 'opened',
    target_id: 160,
    target_iid: 12,
    target_type: 'Issue',
    target_title: 'Crash on save',
    author_id: 7,
    author: { id: 7, username: 'jane', name: 'Jane Doe' },
    author_username: 'jane',
    created_at: '2026-11-03T10:00:00.000Z',
    ...overrides,
  };
}

export function pushEvent(data: Partial<PushData> = {}, actionName = 'pushed to'): GitLabEvent {
  return makeEvent({
    action_name: actionName,
    target_id: null,
    target_iid: null,
    target_type: null,
    target_title: null,
    push_data: {
      commit_count: 3,
      action: 'pushed',
      ref_type: 'branch',
      commit_from: SHA_FROM,
      commit_to: SHA_TO,
      ref: 'main',
      commit_title: 'Add simple search',
      ref_count: null,
      ...data,
    },
  });
}

export function noteEvent(note: Partial<Note> = {}, targetType = 'Note'): GitLabEvent {
  return makeEvent({
    action_name: 'commented on',
    target_id: 1312,
    target_iid: 1312,
    target_type: targetType,
    target_title: null,
    note: {
      id: 1312,
      type: null,
      body: 'Looks good',
      noteable_id: 377,
      noteable_type: 'Issue',
      noteable_iid: 12,
      ...note,
    },
  });
}

/** A project-level event: no target (joined, left, created, imported, expired). */
export function projectEvent(actionName: string): GitLabEvent {
  return makeEvent({ action_name: actionName, target_id: null, target_iid: null, target_type: null, target_title: null });
}

/**
 * Events as the lists give them: an id names one event, which may come twice (My Activity and a project's feed), never
 * two different ones. Each event takes the place of a later one with its id.
 */
export function asFeedsGiveThem(events: readonly GitLabEvent[]): GitLabEvent[] {
  const first = new Map<number, GitLabEvent>();
  return events.map((event) => {
    if (typeof event.id !== 'number') return event;
    const known = first.get(event.id);
    if (known) return known;
    first.set(event.id, event);
    return event;
  });
}
