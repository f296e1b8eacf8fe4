import * as vscode from 'vscode';
import { instanceHost } from '../../app/instance';
import { inert, personName } from '../../app/plainText';
import { AUTH_PROVIDER } from '../../ids';
import type { Account, Session } from '../session';

/**
 * Lists each signed-in GitLab instance in VS Code's Accounts menu, where it can be signed out. The provider hands
 * no token out: the sessions it reports carry an empty `accessToken`, since the token lives only in SecretStorage
 * and in the requests to its own instance, never in another extension or the workbench.
 */
export class AccountsProvider implements vscode.AuthenticationProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>();
  readonly onDidChangeSessions = this.changed.event;
  private shown = new Map<string, vscode.AuthenticationSession>();
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly session: Session, private readonly signIn: (instanceUrl?: string) => Promise<boolean>) {
    this.disposables.push(
      this.changed,
      session.onDidChange(() => this.announce()),
      session.onDidLearnUsername(() => this.announce()),
      vscode.authentication.registerAuthenticationProvider(AUTH_PROVIDER.id, AUTH_PROVIDER.label, this, { supportsMultipleAccounts: true }),
    );
  }

  async getSessions(): Promise<vscode.AuthenticationSession[]> {
    return this.session.all.map((account) => toAuthSession(account));
  }

  /** Another extension asked for an account: the person signs in with the usual flow. */
  async createSession(): Promise<vscode.AuthenticationSession> {
    const before = new Set(this.session.all.map((account) => account.key));
    if (!(await this.signIn())) throw new Error(vscode.l10n.t('Sign-in to GitLab was cancelled.'));
    const added = this.session.all.find((account) => !before.has(account.key)) ?? this.session.all.at(-1);
    if (!added) throw new Error(vscode.l10n.t('Sign-in to GitLab was cancelled.'));
    return toAuthSession(added);
  }

  /** "Sign Out" in the Accounts menu: that instance's secret goes; the others stay signed in. */
  async removeSession(sessionId: string): Promise<void> {
    const account = this.session.all.find((candidate) => candidate.key === sessionId);
    if (account) await this.session.signOut(account.instanceUrl);
  }

  private announce(): void {
    const now = new Map(this.session.all.map((account) => [account.key, toAuthSession(account)]));
    // A label that changes (the username learnt after a restore) is the old account removed and the new one added:
    // the Accounts menu lists accounts by label and, told of a change, would keep the old label beside the new one.
    const relabelled = (s: vscode.AuthenticationSession) => this.shown.has(s.id) && this.shown.get(s.id)!.account.label !== s.account.label;
    const added = [...now.values()].filter((s) => !this.shown.has(s.id) || relabelled(s));
    const removed = [...this.shown.values()].filter((s) => !now.has(s.id) || relabelled(now.get(s.id)!));
    this.shown = now;
    if (added.length + removed.length > 0) this.changed.fire({ added, removed, changed: [] });
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}

/**
 * "alex @ gitlab.example.com": the instance is the account, as one token belongs to one instance. The username is the
 * server's word, so it is made inert before the Accounts menu shows it.
 */
export function accountLabel(instanceUrl: string, username: string | undefined): string {
  const host = instanceHost(instanceUrl);
  const name = personName({ username });
  return name ? `${inert(name)} @ ${host}` : host;
}

function toAuthSession(account: Account): vscode.AuthenticationSession {
  return {
    id: account.key,
    accessToken: '',
    account: { id: account.key, label: accountLabel(account.instanceUrl, account.username) },
    scopes: [],
  };
}
