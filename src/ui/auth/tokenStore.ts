import * as vscode from 'vscode';
import { envTokenFor, type EnvToken } from '../../app/settingTrust';
import { normalizeInstanceUrl } from '../../app/instance';
import { legacyTokenKeys, migrateTokenKeys, tokenKey } from '../../app/tokenKeys';
import { INSTANCE_ENV_VAR, STATE_KEYS, TOKEN_ENV_VAR } from '../../ids';

/**
 * Personal access tokens in SecretStorage, keyed by the instance's identity (see tokenKeys.ts), and nowhere else. An
 * environment variable may supply one for remote and test setups, only for the instance named beside it (so a
 * workspace naming another instance cannot receive it); a stored token wins over it.
 */
export class TokenStore {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;
  private readonly explained = new Set<string>();

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly envToken: EnvToken,
    private readonly log: (line: string) => void,
  ) {
    // Another window signing in or out changes the same secret.
    this.subscription = secrets.onDidChange((e) => {
      if (e.key.startsWith(TokenStore.prefix)) this.changed.fire();
    });
  }

  static readonly prefix = `${STATE_KEYS.token}:`;

  static keyFor(instanceUrl: string): string {
    return tokenKey(instanceUrl);
  }

  /** Moves tokens stored under the old keys of the spellings known (preferred first) to their instance's key. */
  migrate(knownUrls: readonly string[]): Promise<void> {
    return migrateTokenKeys(this.secrets, knownUrls, this.log);
  }

  async get(instanceUrl: string): Promise<string | undefined> {
    const stored = await this.secrets.get(TokenStore.keyFor(instanceUrl));
    if (stored) return stored;
    const verdict = envTokenFor(this.envToken, instanceUrl);
    if (verdict.use) return verdict.token;
    if (verdict.reason !== 'none') this.explainOnce(verdict.reason, instanceUrl);
    return undefined;
  }

  /** Says once per instance why the environment token is not used; never the token itself. */
  private explainOnce(reason: 'unbound' | 'otherInstance', instanceUrl: string): void {
    const key = `${reason} ${normalizeInstanceUrl(instanceUrl)}`;
    if (this.explained.has(key)) return;
    this.explained.add(key);
    this.log(reason === 'unbound'
      ? `${TOKEN_ENV_VAR} is set but ${INSTANCE_ENV_VAR} is not: the token is not used, since it could be sent to any instance a workspace names.`
      : `${TOKEN_ENV_VAR} belongs to the instance in ${INSTANCE_ENV_VAR}, not to ${instanceUrl}: it is not used there.`);
  }

  async hasStored(instanceUrl: string): Promise<boolean> {
    return Boolean(await this.secrets.get(TokenStore.keyFor(instanceUrl)));
  }

  async store(instanceUrl: string, token: string): Promise<void> {
    await this.secrets.store(TokenStore.keyFor(instanceUrl), token);
  }

  /** Deletes the token, and any left under an old key of the spellings known (a move that failed would bring it back). */
  async delete(instanceUrl: string, knownUrls: readonly string[] = []): Promise<void> {
    await this.secrets.delete(TokenStore.keyFor(instanceUrl));
    for (const old of legacyTokenKeys(instanceUrl, [instanceUrl, ...knownUrls])) await this.secrets.delete(old);
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
