import { isGitLabError } from '../gitlab/errors';
import { normalizeInstanceUrl } from './instance';

declare const accountKeyBrand: unique symbol;

/**
 * An account's identity: its instance (`normalizeInstanceUrl`) and who signed in there, as one key, made and read here
 * only. What is kept for a person (snoozes, mute memory, kept first pages, seen markers) is keyed by it, so two people
 * on one instance never see or change each other's. Branded: an instance key or a URL is not one, and where one is
 * taken, "instance" means the instance and nothing else.
 *
 * Who signed in is their GitLab user id (`<instance>#<id>`) where the server tells it (`GET /user`). A server of the
 * interface alone has no `/user` (nor does a fine-grained token without the permission for it): there the person is
 * the token (`<instance>#token-<digest>`), a digest that tells two tokens apart and never leads back to one. A new
 * token on such a server is a new account: nothing else there says that it is the same person's.
 */
export type AccountKey = string & { readonly [accountKeyBrand]: true };

const TOKEN_PREFIX = 'token-';
const DIGEST_BYTES = 16;

export function accountKey(instance: string, userId: number): AccountKey {
  return `${normalizeInstanceUrl(instance)}#${userId}` as AccountKey;
}

/**
 * The account of `token` on `instance` when the server does not say who it belongs to. GitLab's tokens are random
 * (some 120 bits), far too many to try one by one against the digest kept in state: it names the token without giving
 * it away. The instance is part of what is digested, so the same text on two instances is two accounts.
 */
export async function tokenAccountKey(instance: string, token: string): Promise<AccountKey> {
  const key = normalizeInstanceUrl(instance);
  const digest = await shortDigest(`gitlab-activity-account\n${key}\n${token}`, DIGEST_BYTES);
  return `${key}#${TOKEN_PREFIX}${digest}` as AccountKey;
}

/**
 * The instance key of an account key, and its GitLab user id when it has one (not for a token's account); undefined
 * when `key` is not an account key (an instance key, as an earlier version kept state under, is not).
 */
export function readAccountKey(key: string): { account: AccountKey; instance: string; userId?: number } | undefined {
  const at = key.lastIndexOf('#');
  if (at <= 0) return undefined;
  const who = key.slice(at + 1);
  const account = key as AccountKey;
  const instance = key.slice(0, at);
  if (new RegExp(`^${TOKEN_PREFIX}[0-9a-f]{${DIGEST_BYTES * 2}}$`).test(who)) return { account, instance };
  const userId = Number(who);
  return /^\d{1,15}$/.test(who) && Number.isSafeInteger(userId) && userId > 0 ? { account, instance, userId } : undefined;
}

/** `value` as an account key (stored state, a trust boundary), or undefined when it is not one. */
export function asAccountKey(value: unknown): AccountKey | undefined {
  return typeof value === 'string' ? readAccountKey(value)?.account : undefined;
}

/** A GitLab user id as the server or storage gives it: a positive safe integer, else undefined. */
export function userIdOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/**
 * Whether `GET /user` failed because it cannot tell who the token is (the server has no `/user`, or a fine-grained
 * token lacks the permission for it), rather than for a while (network, 5xx) or for good (a refused token): only then
 * is the token the account.
 */
export function userIsUnknowable(error: unknown): boolean {
  return isGitLabError(error) && (error.kind === 'notFound' || error.missingPermissions !== undefined);
}

/** The first `bytes` of a text's SHA-256, in hex (WebCrypto: the Node host and the browser's worker both have it). */
export async function shortDigest(text: string, bytes: number): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest).slice(0, bytes)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
