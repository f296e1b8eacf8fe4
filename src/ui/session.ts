import { instanceHost, normalizeInstanceUrl, sameInstance } from '../app/instance';
import * as vscode from 'vscode';
import * as plainWindow from './plainWindow';
import { GitLabError, type CurrentUser, type GitLabApi, type GitLabClient, type HttpExchange } from '../gitlab';
import { trimInstanceUrl } from '../gitlab/url';
import { COMMANDS, CONTEXT_KEYS, SETTINGS, SETTINGS_SECTION, STATE_KEYS } from '../ids';
import { activeAccountOf, type ActiveAccount } from '../app/activeAccount';
import type { AccountKey } from '../app/accountKey';
import { forgetAccountState, settleLegacyState } from '../app/accountStateMigration';
import { askWho, KnownInstances, type FoundUser, type Identity } from '../app/knownInstances';
import { AccountClients, type InstanceClients } from './accountClients';
import type { ExtensionConfig } from './config';
import type { Log } from './log';
import type { TokenStore } from './auth/tokenStore';

const ENV_TOKEN_DISMISSED = STATE_KEYS.envTokenSignedOut;

/** One signed-in instance: its clients talk to that instance only, with the token stored for it. */
export interface Account extends InstanceClients {
  instanceUrl: string;
  /** The instance: `normalizeInstanceUrl(instanceUrl)`. Tokens, clients and tree rows are keyed by it. */
  key: string;
  /** Who signed in there, when known (from the sign-in, remembered beside the instance). */
  username?: string;
  /** Their GitLab user id, when known (from the sign-in, remembered beside the instance, or asked of `/user`). */
  userId?: number;
  /**
   * Who the person is (`AccountKey`: the instance and their user id, or their token's digest where the server cannot
   * say), once known: what is kept for them is keyed by it.
   */
  accountKey?: AccountKey;
}

interface LiveAccount extends Account {
  token: string;
  unauthorizedShown: boolean;
}

/**
 * Who is signed in to which instances, and the API client of each. Several instances can be signed in at once; one
 * of them is active (the one the workspace's git remotes name, else the instance of the settings): the status bar,
 * notification settings and snoozes follow it. Rebuilt when a token or the network settings change; nothing here
 * touches the network until a caller uses an `api`.
 */
export class Session implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly named = new vscode.EventEmitter<void>();
  /**
   * A signed-in account's username became known: only names change (the Accounts menu, the tree's roots), so the
   * views keep their lists instead of starting over as they do on `onDidChange`.
   */
  readonly onDidLearnUsername = this.named.event;
  private readonly identifiedEmitter = new vscode.EventEmitter<void>();
  /**
   * An account's user became known for the first time (`/user` answered for its token): the same token, so the lists
   * loaded with it stay; what is kept for a person can now be read and written under its account key.
   */
  readonly onDidIdentify = this.identifiedEmitter.event;
  /** Every account's clients, over one connection pool; a new one when the network settings change. */
  private readonly clients: AccountClients;
  private readonly accounts = new Map<string, LiveAccount>();
  private activeKey?: string;
  /** Restores run one after another: each reads the secrets of its moment. */
  private restoring: Promise<void> = Promise.resolve();
  /**
   * The accounts changed (a sign-in or out) and the restore that follows says so with whatever else it changes (the
   * active instance): one change event, not two, so the views and their lists start over once.
   */
  private unannounced = false;
  /** Accounts whose user is being asked for (at most once each). */
  private readonly askingUser = new WeakSet<LiveAccount>();
  /** The active account as one object, for the features that follow it; it reads the session each time. */
  readonly active: ActiveAccount;
  /** Who signed in where, as remembered in global state. */
  private readonly known: KnownInstances;

  constructor(
    private readonly tokens: TokenStore,
    private readonly config: () => ExtensionConfig,
    private readonly log: Log,
    private readonly state: vscode.Memento,
    userAgent: string,
    /** The platform's way to the network for the settings given (see Platform). */
    newExchange: (config: ExtensionConfig) => HttpExchange,
    /** The instance the workspace's git remotes name, among those given, if any. */
    private readonly remoteInstance: (instances: string[]) => Promise<string | undefined> = async () => undefined,
  ) {
    this.known = new KnownInstances(state);
    this.clients = new AccountClients(config, log, userAgent, newExchange);
    const session = this;
    this.active = activeAccountOf({
      get instanceUrl() { return session.instanceUrl; },
      get current() { return session.activeAccount; },
      onDidChange: (listener) => this.onDidChange(listener),
      onDidIdentify: (listener) => this.onDidIdentify(listener),
    });
  }

  /** The active instance, or the instance of the settings while none is signed in. */
  get instanceUrl(): string {
    return this.activeAccount?.instanceUrl ?? this.config().instanceUrl;
  }

  get signedIn(): boolean {
    return this.activeAccount !== undefined;
  }

  get api(): GitLabApi | undefined {
    return this.activeAccount?.api;
  }

  /** Every token in use, for masking in logs; never shown. */
  get secrets(): string[] {
    return [...this.accounts.values()].map((account) => account.token);
  }

  /** The signed-in instances, the settings' instance first, then in the order they were signed in to. */
  get all(): Account[] {
    return [...this.accounts.values()];
  }

  /** The signed-in account of an instance, however its URL or key is spelled: its URL, clients and user, as one object. */
  accountFor(instance: string): Account | undefined {
    return this.accounts.get(normalizeInstanceUrl(instance));
  }

  /** The client of a signed-in instance; never another instance's. */
  apiFor(instanceUrl: string): GitLabApi | undefined {
    return this.accountFor(instanceUrl)?.api;
  }

  /**
   * The URL of a signed-in instance, given its key (as lists and rows name it), as its sign-in spelled it: for links,
   * settings and messages. Undefined when that instance is not signed in.
   */
  urlOf(instance: string): string | undefined {
    return this.accountFor(instance)?.instanceUrl;
  }

  private get activeAccount(): LiveAccount | undefined {
    return (this.activeKey ? this.accounts.get(this.activeKey) : undefined) ?? this.accounts.values().next().value;
  }

  /**
   * Who the account is became known (or another than assumed): its user, or (a server that cannot say) its token.
   * Remembered beside its instance, with a digest of the token it was found with.
   */
  private async identify(account: LiveAccount, user: FoundUser): Promise<LiveAccount> {
    return { ...account, ...await this.known.learned(account, user) };
  }

  /**
   * Reads the token stored for each candidate instance (the settings' instance, then those signed in to) and builds
   * each client for that same instance: a client is never built from one instance's token and another's URL.
   */
  restore(): Promise<void> {
    // Each restore runs after the one before, whatever became of it: a failed one is logged here, and never takes
    // the next one down with it (as a rejection handled by the next link would).
    this.restoring = this.restoring.then(() => this.restoreNow()).catch((error: unknown) => this.log.error('Restoring the session', error));
    return this.restoring;
  }

  private async restoreNow(): Promise<void> {
    await settleLegacyState(this.state, (line) => this.log.info(line));
    const candidates = new Map<string, string>();
    const known = this.known.all();
    // Tokens stored under another spelling's key move to their instance's, the last signed in first.
    await this.tokens.migrate([...known.map((entry) => entry.url).reverse(), this.config().instanceUrl]);
    for (const url of [this.config().instanceUrl, ...known.map((entry) => entry.url)]) {
      if (!candidates.has(normalizeInstanceUrl(url))) candidates.set(normalizeInstanceUrl(url), trimInstanceUrl(url));
    }
    const found = new Map<string, string>();
    for (const [key, url] of candidates) {
      let token = await this.tokens.get(url);
      if (token && this.state.get<boolean>(ENV_TOKEN_DISMISSED) && !(await this.tokens.hasStored(url))) token = undefined;
      if (token) found.set(key, token);
    }
    // Who each new token belongs to, as remembered beside it, read first: then accounts change with no await between.
    const remembered = new Map<string, Identity>();
    for (const [key, token] of found) if (this.accounts.get(key)?.token !== token) remembered.set(key, await this.known.identity(key, token));
    let changed = this.unannounced;
    this.unannounced = false;
    const replaced = new Set<string>();
    for (const [key, account] of [...this.accounts]) {
      if (found.get(key) === account.token) continue;
      this.accounts.delete(key);
      if (found.has(key)) replaced.add(key);
      changed = true;
    }
    for (const [key, token] of found) {
      if (this.accounts.has(key)) continue;
      // A token replaced while running (a sign-in here or in another window) may be another person's: the entry
      // beside it may still name the one before, so who it is comes from `/user`.
      this.accounts.set(key, { ...this.account(candidates.get(key)!, token), ...(replaced.has(key) ? {} : remembered.get(key)) });
      changed = true;
    }
    const active = await this.remoteInstance(this.all.map((account) => account.instanceUrl)).catch(() => undefined);
    const activeKey = active ? normalizeInstanceUrl(active) : normalizeInstanceUrl(this.config().instanceUrl);
    if (activeKey !== this.activeKey) {
      this.activeKey = activeKey;
      changed = true;
      // Which instance the status bar and the settings follow, and why: a question people (and failed runs) ask.
      if (this.accounts.size > 0) this.log.info(`Active instance: ${this.instanceUrl}${active ? ' (named by the workspace\'s git remote)' : ''}`);
    }
    if (changed) this.announce();
    for (const account of this.accounts.values()) this.learnUser(account);
  }

  /**
   * An account restored without a username or user id (a token from the environment, whose owner may have changed
   * since, or one stored before they were kept) asks its own instance who it is, once, so that its root and the
   * Accounts menu read "alex @ host" as for the others, and its kept state is its own. A new user id is a new account
   * (`onDidChange`); a name alone changes only names. Quietly: a refused token is reported by the views that need it.
   */
  private learnUser(account: LiveAccount): void {
    const fromEntry = account.accountKey !== undefined && (account.username !== undefined || account.userId === undefined);
    if (fromEntry || this.askingUser.has(account)) return;
    this.askingUser.add(account);
    // A server that cannot say who the token is (no `/user`) makes the token the account; other failures leave it unknown.
    void askWho(account.api).then(async (user) => {
      const before = this.accounts.get(account.key);
      if (before?.token !== account.token) return; // signed out or in again meanwhile
      const identified = await this.identify(before, user);
      const now = this.accounts.get(account.key);
      if (now?.token !== account.token) return;
      this.accounts.set(account.key, { ...now, username: identified.username, userId: identified.userId, accountKey: identified.accountKey });
      if (now.accountKey === undefined && identified.accountKey !== undefined) {
        this.logAccounts();
        this.identifiedEmitter.fire();
        this.named.fire();
      } else if (identified.accountKey !== now.accountKey) this.announce();
      else if (identified.username !== now.username) this.named.fire();
    }, () => undefined);
  }

  /** Builds a client for a candidate token without storing it (sign-in validation). */
  clientFor(instanceUrl: string, token: string): GitLabClient {
    return this.clients.candidate(instanceUrl, token);
  }

  /**
   * Stores the token for `instanceUrl` and signs that instance in beside the others. The settings' instance changes
   * to it only when that one is not signed in (a first sign-in): entries without an instance keep theirs. Resolves
   * false when the workspace's settings name another instance that is not signed in: the new token is kept for its
   * own instance and never sent to the workspace's. `user`: who the sign-in found the token to be; undefined where the
   * server cannot say (`validateToken` fell back), so the token is the account.
   */
  async signIn(instanceUrl: string, token: string, user: CurrentUser | undefined): Promise<boolean> {
    // The entry forgets the person before the token changes: stopped between the two, or read by a restore in
    // between, it names nobody (then `/user` says who), never the one before.
    await this.known.remember(instanceUrl, undefined);
    await this.tokens.store(instanceUrl, token);
    await this.known.remember(instanceUrl, user ?? 'unknowable', token);
    await this.state.update(ENV_TOKEN_DISMISSED, undefined);
    const config = this.config();
    if (!sameInstance(instanceUrl, config.instanceUrl) && !this.apiFor(config.instanceUrl) && config.instanceSource !== 'workspace' && config.instanceSource !== 'folder') {
      await vscode.workspace.getConfiguration(SETTINGS_SECTION).update(SETTINGS.instanceUrl, trimInstanceUrl(instanceUrl), vscode.ConfigurationTarget.Global);
    }
    const key = normalizeInstanceUrl(instanceUrl);
    const fresh = this.account(trimInstanceUrl(instanceUrl), token);
    const identified = await this.identify(fresh, user ?? 'unknowable');
    // Replaced at once (re-inserted last, in sign-in order): no moment without the instance.
    this.accounts.delete(key);
    this.accounts.set(key, identified);
    await this.restoreAndAnnounce();
    return sameInstance(instanceUrl, this.config().instanceUrl) || this.apiFor(this.config().instanceUrl) !== undefined;
  }

  /**
   * Signs one instance out (the active one by default): its secret goes, and what was kept for its person (see
   * `forgetAccountState`); the other instances stay signed in.
   */
  async signOut(instanceUrl: string = this.instanceUrl): Promise<void> {
    const key = normalizeInstanceUrl(instanceUrl);
    const account = this.accounts.get(key)?.accountKey;
    if (account) await forgetAccountState(this.state, account);
    await this.tokens.delete(instanceUrl, [this.config().instanceUrl, ...this.known.all().map((entry) => entry.url)]);
    await this.known.remember(instanceUrl, false);
    if (this.known.environmentInstance() === key) await this.known.rememberEnvironmentUser(key, undefined);
    // An environment token stays unused for its instance until the next sign-in.
    if (await this.tokens.get(instanceUrl)) await this.state.update(ENV_TOKEN_DISMISSED, true);
    if (this.accounts.delete(key)) await this.restoreAndAnnounce();
    else await this.restore();
  }

  /** A restore after the accounts changed here: it announces the change with its own, or this does if it failed. */
  private async restoreAndAnnounce(): Promise<void> {
    this.unannounced = true;
    await this.restore();
    if (!this.unannounced) return;
    this.unannounced = false;
    this.announce();
  }

  /** Network settings changed: new connection pool, same tokens. */
  rebuild(): void {
    this.clients.reset();
    for (const [key, account] of [...this.accounts]) {
      this.accounts.set(key, { ...this.account(account.instanceUrl, account.token), username: account.username, userId: account.userId, accountKey: account.accountKey });
    }
    this.announce();
  }

  /**
   * A request answered 401: say it once, with the fix, and not again until the next sign-in — never a loop of
   * prompts when several views fail at the same time. `instanceUrl` is the instance whose client failed (taken with
   * the client, not when the answer came): "Sign In Again" names that signed-in instance, never another.
   */
  reportUnauthorized(error: GitLabError, instanceUrl: string): void {
    const account = this.accounts.get(normalizeInstanceUrl(instanceUrl));
    if (!account || account.unauthorizedShown) return;
    account.unauthorizedShown = true;
    this.log.warn(`GitLab answered 401 (${account.instanceUrl}): ${error.message}`);
    const signInAgain = vscode.l10n.t('Sign In Again');
    const message = this.accounts.size > 1 ? `${instanceHost(account.instanceUrl)}: ${error.message}` : error.message;
    void plainWindow.showErrorMessage(message, signInAgain)
      .then((choice) => {
        if (choice === signInAgain) void vscode.commands.executeCommand(COMMANDS.signIn, account.instanceUrl);
      });
  }

  /** `token` is the one stored for `instanceUrl`; the clients talk to that instance and no other. */
  private account(instanceUrl: string, token: string): LiveAccount {
    return { instanceUrl, key: normalizeInstanceUrl(instanceUrl), ...this.clients.for(instanceUrl, token), token, unauthorizedShown: false };
  }

  /** Whose state the views read from now on: a question people (and failed runs) ask. */
  private logAccounts(): void {
    const who = (account: Account) => account.userId ?? (account.accountKey ? 'known by its token (the server does not say)' : 'not known yet');
    this.log.info(`Accounts: ${this.all.map((account) => `${account.instanceUrl} user ${who(account)}`).join(', ') || 'none'}`);
  }

  private announce(): void {
    this.logAccounts();
    void vscode.commands.executeCommand('setContext', CONTEXT_KEYS.signedIn, this.accounts.size > 0);
    this.changed.fire();
  }

  dispose(): void {
    this.clients.dispose();
    this.changed.dispose();
    this.named.dispose();
    this.identifiedEmitter.dispose();
  }
}
