import { fake } from './fakeVscode';
import type { Clock } from '../../../src/app/snoozeTime';

/**
 * What the tests of pending actions share: two people on one instance, alice and then another, and how such a test
 * answers a notification after someone signed in or out while it waited.
 */
export const NOW = new Date('2024-06-15T12:00:00.000Z');
export const INSTANCE = 'http://gitlab.test';
export const ALICE = { token: 'glpat-alice', userId: 1, username: 'alex' };
export type Person = typeof ALICE;
export const CHANGED = /^Nothing was done: this was for alex @ gitlab\.test, and another account is signed in there now\.$/;
export const SIGNED_OUT = /^Nothing was done: this was for alex @ gitlab\.test, which is no longer signed in\.$/;

export const quietChannel = { info: () => undefined, warn: () => undefined, error: () => undefined, show: () => undefined, dispose: () => undefined };
export const stillClock: Clock = { now: () => NOW.getTime(), setTimer: () => ({ dispose: () => undefined }) };

/** The last information message shown (the calm "Nothing was done: …"), or ''. */
export const lastInformation = (): string =>
  fake.shown.filter((s) => s.kind === 'information').map((s) => (s as { message: string }).message).at(-1) ?? '';

/** The answer to a notification with `action`: `change` (a sign-in or sign-out) happens first, as if while it waited. */
export function answerAfter(action: string, change: () => void, others: Record<string, string> = {}): void {
  fake.answers.message = (shown) => {
    const other = shown.actions.find((a) => others[a] !== undefined);
    if (other) return others[other];
    if (!shown.actions.includes(action)) return undefined;
    change();
    return action;
  };
}
