import * as vscode from 'vscode';
import * as plainWindow from '../plainWindow';
import { instanceHost } from '../../app/instance';
import { COMMANDS } from '../../ids';
import type { Session } from '../session';
import type { Shell } from '../shell';
import { AccountsProvider } from './accountsProvider';
import { SignInFlow } from './signInFlow';
import { personName } from '../../app/plainText';

/** Sign In…, Sign Out and the Accounts menu's entries. */
export function registerAccounts(context: vscode.ExtensionContext, { session, readConfig }: Shell): void {
  const signIn = new SignInFlow(session, readConfig);
  context.subscriptions.push(
    new AccountsProvider(session, (instanceUrl) => signIn.run(instanceUrl)),
    vscode.commands.registerCommand(COMMANDS.signIn, (instanceUrl?: unknown) => signIn.run(instanceUrl)),
    vscode.commands.registerCommand(COMMANDS.signOut, () => signOut(session)),
  );
}

/** With several instances signed in, the person picks which one to sign out of. */
async function signOut(session: Session): Promise<void> {
  const all = session.all;
  if (all.length <= 1) return session.signOut();
  const pick = await plainWindow.showQuickPick(all.map((account) => ({ label: instanceHost(account.instanceUrl), description: personName({ username: account.username }), account })), {
    title: vscode.l10n.t('Sign out of a GitLab instance'),
  });
  if (pick) await session.signOut(pick.account.instanceUrl);
}
