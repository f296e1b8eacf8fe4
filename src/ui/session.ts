import { readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import {
  GitLabClient, GitLabError, Transport, createDispatcher, type CurrentUser, type GitLabApi,
} from '../gitlab';
import type { Dispatcher } from 'undici';
import { sameInstance } from '../app/settingTrust';
import { COMMANDS, CONTEXT_KEYS, SETTINGS, SETTINGS_SECTION, STATE_KEYS } from '../ids';
import type { ExtensionConfig } from './config';
import type { Log } from './log';
import type { TokenStore } from './auth/tokenStore';

const ENV_TOKEN_DISMISSED = STATE_KEYS.envTokenSignedOut;

/**
 * Who is signed in to which instance, and the API client for it. Rebuilt when the token or the network settings
 * change; nothing here touches the network until a caller uses `api`.
 */
export class Session implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private client?: GitLabClient;
  private dispatcher?: Dispatcher;
  private token?: string;
  /** The instance `token` was stored for. */
  private tokenInstance = '';
  private unauthorizedShown = false;
  currentUser?: CurrentUser;

  constructor(
    private readonly tokens: TokenStore,
    private readonly config: () => ExtensionConfig,
    private readonly log: Log,
    private readonly state: vscode.Memento,
    private readonly userAgent: string,
  ) {}

  get instanceUrl(): string {
    return this.config().instanceUrl;
  }

  get signedIn(): boolean {
    return this.client !== undefined;
  }

  get api(): GitLabApi | undefined {
    return this.client;
  }

  /** The token in use, for masking in logs and tests of secrecy; never shown. */
  get secret(): string | undefined {
    return this.token;
  }

  /**
   * Reads the token stored for the instance in effect and builds the client for that same instance: the client is
   * never built from one instance's token and another instance's URL.
   */
  async restore(): Promise<void> {
    const instance = this.instanceUrl;
    let token = await this.tokens.get(instance);
    if (token && this.state.get<boolean>(ENV_TOKEN_DISMISSED) && !(await this.tokens.hasStored(instance))) token = undefined;
    // The setting may have changed while the secret was read: the next restore (its change event) handles that.
    if (!sameInstance(instance, this.instanceUrl)) return;
    this.use(instance, token);
  }

  /** Builds a client for a candidate token without storing it (sign-in validation). */
  clientFor(instanceUrl: string, token: string): GitLabClient {
    return new GitLabClient(this.transport(instanceUrl, () => token));
  }

  /**
   * Stores the token for `instanceUrl` and makes that the user's instance. Resolves false when the workspace's
   * settings name another instance, which stays in effect: the new token is then kept for its own instance and
   * never sent to the workspace's.
   */
  async signIn(instanceUrl: string, token: string, user: CurrentUser | undefined): Promise<boolean> {
    await this.tokens.store(instanceUrl, token);
    await this.state.update(ENV_TOKEN_DISMISSED, undefined);
    if (!sameInstance(instanceUrl, this.instanceUrl)) {
      await vscode.workspace.getConfiguration(SETTINGS_SECTION).update(SETTINGS.instanceUrl, instanceUrl, vscode.ConfigurationTarget.Global);
    }
    if (!sameInstance(instanceUrl, this.instanceUrl)) {
      await this.restore();
      return false;
    }
    this.currentUser = user;
    this.use(this.instanceUrl, token);
    return true;
  }

  async signOut(): Promise<void> {
    await this.tokens.delete(this.instanceUrl);
    await this.state.update(ENV_TOKEN_DISMISSED, true);
    this.currentUser = undefined;
    this.use(this.instanceUrl, undefined);
  }

  /** Network settings changed: new connection pool, same token. */
  rebuild(): void {
    void this.dispatcher?.close().catch(() => undefined);
    this.dispatcher = undefined;
    this.use(this.tokenInstance, this.token);
  }

  /**
   * A request answered 401: say it once, with the fix, and not again until the next sign-in — never a loop of
   * prompts when several views fail at the same time.
   */
  reportUnauthorized(error: GitLabError): void {
    if (this.unauthorizedShown) return;
    this.unauthorizedShown = true;
    this.log.warn(`GitLab answered 401: ${error.message}`);
    const signInAgain = vscode.l10n.t('Sign In Again');
    void vscode.window.showErrorMessage(error.message, signInAgain)
      .then((choice) => {
        if (choice === signInAgain) void vscode.commands.executeCommand(COMMANDS.signIn);
      });
  }

  /** `token` is the one stored for `instance`; the client talks to that instance and no other. */
  private use(instance: string, token: string | undefined): void {
    this.token = token;
    this.tokenInstance = instance;
    this.unauthorizedShown = false;
    this.client = token ? new GitLabClient(this.transport(instance, () => this.token)) : undefined;
    void vscode.commands.executeCommand('setContext', CONTEXT_KEYS.signedIn, this.client !== undefined);
    this.changed.fire();
  }

  private transport(instanceUrl: string, token: () => string | undefined): Transport {
    const config = this.config();
    if (!this.dispatcher) {
      let extraCa: string | undefined;
      if (config.caFile) {
        // An explicit CA list replaces Node's default store, which includes NODE_EXTRA_CA_CERTS: keep those too.
        const files = [config.caFile, process.env.NODE_EXTRA_CA_CERTS].filter((file): file is string => Boolean(file));
        const pems = files.flatMap((file) => {
          try {
            return [readFileSync(file, 'utf8')];
          } catch (error) {
            this.log.error(`Could not read the CA file ${file}`, error);
            return [];
          }
        });
        extraCa = pems.length > 0 ? pems.join('\n') : undefined;
      }
      this.dispatcher = createDispatcher({
        proxyUrl: config.proxy, extraCa, rejectUnauthorized: !config.ignoreCertificateErrors,
      });
    }
    return new Transport({
      instanceUrl, token, dispatcher: this.dispatcher, timeoutMs: config.requestTimeoutSeconds * 1000,
      log: (entry) => this.log.request(entry), userAgent: this.userAgent,
    });
  }

  dispose(): void {
    void this.dispatcher?.close().catch(() => undefined);
    this.changed.dispose();
  }
}
