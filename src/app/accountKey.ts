import { normalizeInstanceUrl } from './instance';

/**
 * An account's identity: its instance (`normalizeInstanceUrl`) and the GitLab user id of whoever signed in there, as
 * one key, made and read here only. What is kept for a person (snoozes, mute memory, kept first pages, seen markers,
 * hidden ids) is keyed by it, so two people on one instance never see or change each other's.
 */
export function accountKey(instance: string, userId: number): string {
  return `${normalizeInstanceUrl(instance)}#${userId}`;
}

/** The instance key and user id of an account key, or undefined when `key` is not one. */
export function readAccountKey(key: string): { instance: string; userId: number } | undefined {
  const at = key.lastIndexOf('#');
  if (at <= 0) return undefined;
  const userId = Number(key.slice(at + 1));
  return /^\d{1,15}$/.test(key.slice(at + 1)) && Number.isSafeInteger(userId) && userId > 0
    ? { instance: key.slice(0, at), userId } : undefined;
}

/** A GitLab user id as the server or storage gives it: a positive safe integer, else undefined. */
export function userIdOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}
