import { trimInstanceUrl } from '../gitlab/url';
import { STATE_KEYS } from '../ids';
import { normalizeInstanceUrl, sameInstance } from './instance';

/**
 * Where an instance's token is kept in SecretStorage: under the instance's one identity (`normalizeInstanceUrl`), as
 * accounts are. A workspace can spell the instance otherwise (`https://gitlab.com:443`, a trailing `#`, upper case):
 * keyed by the text, the token would not be found and the person would look signed out.
 */
const PREFIX = `${STATE_KEYS.token}:`;

export function tokenKey(instanceUrl: string): string {
  return `${PREFIX}${normalizeInstanceUrl(instanceUrl)}`;
}

/** The key tokens were stored under before: the trimmed text as spelled, lower-cased. */
export function legacyTokenKey(instanceUrl: string): string {
  return `${PREFIX}${trimInstanceUrl(instanceUrl).toLowerCase()}`;
}

/** The part of SecretStorage the migration uses. */
export interface SecretMap {
  get(key: string): PromiseLike<string | undefined>;
  store(key: string, value: string): PromiseLike<void>;
  delete(key: string): PromiseLike<void>;
}

/** The old keys, other than its own, that tokens of `instanceUrl` may still sit under, from the spellings known. */
export function legacyTokenKeys(instanceUrl: string, knownUrls: readonly string[]): string[] {
  const key = tokenKey(instanceUrl);
  const keys = knownUrls.filter((url) => url.trim() !== '' && sameInstance(url, instanceUrl)).map(legacyTokenKey);
  return [...new Set(keys)].filter((old) => old !== key);
}

/**
 * Moves tokens stored under an older spelling of a known instance (`knownUrls`, each as stored, preferred first) to
 * that instance's key. The new key is stored before the old one is deleted, so a failure loses nothing: what stays
 * under an old key is moved at the next restore. A token already under the new key wins, and the old one goes.
 * Logs what it did and what failed, never a token.
 */
export async function migrateTokenKeys(secrets: SecretMap, knownUrls: readonly string[], log: (line: string) => void): Promise<void> {
  const oldKeys = new Map<string, Set<string>>();
  for (const url of knownUrls) {
    const key = tokenKey(url);
    const old = legacyTokenKey(url);
    if (url.trim() === '' || old === key) continue;
    oldKeys.set(key, (oldKeys.get(key) ?? new Set()).add(old));
  }
  for (const [key, olds] of oldKeys) {
    try {
      let current = await secrets.get(key);
      for (const old of olds) {
        const token = await secrets.get(old);
        if (!token) continue;
        if (!current) {
          await secrets.store(key, token);
          current = token;
          log(`Moved the token stored for ${old.slice(PREFIX.length)} to ${key.slice(PREFIX.length)}.`);
        }
        await secrets.delete(old);
      }
    } catch (error) {
      log(`Could not move a token to ${key.slice(PREFIX.length)}; the old one is kept and tried again later: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
