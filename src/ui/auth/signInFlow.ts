import * as vscode from 'vscode';
import * as plainWindow from '../plainWindow';
import { GitLabError, type CurrentUser, type GitLabApi } from '../../gitlab';
import { apiBase, trimInstanceUrl } from '../../gitlab/url';
import { instanceHost, sameInstance } from '../../app/instance';
import { inert, personName } from '../../app/plainText';
import { permissionsByFeature } from '../../app/tokenPermissions';
import type { ExtensionConfig } from '../config';
import type { Session } from '../session';
import { displayLocalize } from '../displayLanguage';

/**
 * Where GitLab creates personal access tokens: the legacy form prefilled with a name and the `api` scope, or (GitLab
 * 18.10+, and the only kind where an instance or group requires them) the fine-grained token page. Which works on an
 * instance cannot be known before sign-in (the legacy form answers 404 under enforcement), so both are offered.
 */
export function tokenPageUrl(instanceUrl: string, kind: 'legacy' | 'fineGrained' = 'legacy'): string {
  return kind === 'fineGrained'
    ? `${trimInstanceUrl(instanceUrl)}/-/user_settings/personal_access_tokens/granular/new`
    : `${trimInstanceUrl(instanceUrl)}/-/user_settings/personal_access_tokens?name=VS%20Code%20GitLab%20Activity&scopes=api`;
}


export function instanceUrlProblem(value: string): string | undefined {
  try {
    apiBase(value);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * Validates a token: `GET /user`, or a settings read where the server lacks `/user` (a plain implementation of
 * the interface). Resolves with the user when known; rejects with the GitLabError otherwise.
 */
export async function validateToken(api: GitLabApi): Promise<CurrentUser | undefined> {
  try {
    return await api.getCurrentUser();
  } catch (error) {
    // A fine-grained token need not have a permission for `/user`: what the extension reads decides instead.
    if (error instanceof GitLabError && (error.kind === 'notFound' || error.missingPermissions !== undefined)) {
      await api.getNotificationSettings({ kind: 'global' });
      return undefined;
    }
    throw error;
  }
}

/** "GitLab: Sign In…": instance URL, then the token in a password box that stays open until it is valid. */
export class SignInFlow {
  constructor(private readonly session: Session, private readonly config: () => ExtensionConfig) {}

  /** `prefill`: the instance to offer (a command argument: anything but a URL is ignored). */
  async run(prefill?: unknown): Promise<boolean> {
    const instanceUrl = await plainWindow.showInputBox({
      title: vscode.l10n.t('Sign in to GitLab (1/2)'),
      prompt: vscode.l10n.t('URL of the GitLab instance'),
      // The settings' instance (which a workspace may name: the token step then says so).
      value: typeof prefill === 'string' && !instanceUrlProblem(prefill) ? prefill : this.config().instanceUrl,
      ignoreFocusOut: true,
      validateInput: (value) => (instanceUrlProblem(value) ? vscode.l10n.t('Enter an http(s) URL such as https://gitlab.com') : undefined),
    });
    if (instanceUrl === undefined) return false;
    const instance = trimInstanceUrl(instanceUrl);
    return this.askToken(instance);
  }

  private namedByWorkspace(instanceUrl: string): boolean {
    const config = this.config();
    return (config.instanceSource === 'workspace' || config.instanceSource === 'folder') && sameInstance(config.instanceUrl, instanceUrl);
  }

  private askToken(instanceUrl: string): Promise<boolean> {
    return new Promise((resolve) => {
      const box = plainWindow.createInputBox();
      const fineGrainedPage: vscode.QuickInputButton = {
        iconPath: new vscode.ThemeIcon('shield'),
        tooltip: vscode.l10n.t('Create a fine-grained personal access token on GitLab (GitLab 18.10 and later)'),
      };
      const legacyPage: vscode.QuickInputButton = {
        iconPath: new vscode.ThemeIcon('link-external'),
        tooltip: vscode.l10n.t('Create a legacy personal access token on GitLab, with the api scope'),
      };
      box.title = vscode.l10n.t('Sign in to GitLab (2/2)');
      // What each feature needs of a fine-grained token: one missing refuses that feature alone.
      const scopes = vscode.l10n.t('Personal access token. Fine-grained, the permissions each feature needs: {0}. Legacy: scope read_api to read, api to also change notification settings, to-dos and subscriptions. The buttons open GitLab\'s token pages.', permissionsByFeature(displayLocalize()));
      box.prompt = this.namedByWorkspace(instanceUrl)
        // A cloned repository can name any server; the user decides whether it deserves a token.
        ? `${vscode.l10n.t("This workspace's settings name this GitLab instance: {0}. Sign in only if you trust it.", new URL(instanceUrl).host)} ${scopes}`
        : scopes;
      box.placeholder = 'glpat-…';
      box.password = true;
      box.ignoreFocusOut = true;
      box.buttons = [fineGrainedPage, legacyPage];
      let done = false;
      box.onDidTriggerButton((button) => void vscode.env.openExternal(vscode.Uri.parse(tokenPageUrl(instanceUrl, button === fineGrainedPage ? 'fineGrained' : 'legacy'))));
      box.onDidChangeValue(() => { box.validationMessage = undefined; });
      box.onDidAccept(async () => {
        const token = box.value.trim();
        if (!token) {
          box.validationMessage = vscode.l10n.t('Enter a token.');
          return;
        }
        box.busy = true;
        box.enabled = false;
        try {
          const user = await validateToken(this.session.clientFor(instanceUrl, token));
          const inEffect = await this.session.signIn(instanceUrl, token, user);
          done = true;
          box.hide();
          const signedIn = user
            ? vscode.l10n.t('Signed in to {0} as {1}.', new URL(instanceUrl).host, personName({ username: user.username }))
            : vscode.l10n.t('Signed in to {0}.', new URL(instanceUrl).host);
          if (inEffect) void plainWindow.showInformationMessage(signedIn);
          else {
            void plainWindow.showWarningMessage(`${signedIn} ${vscode.l10n.t("This workspace's settings name another GitLab instance, {0}, which is not signed in; the token is kept for {1} only.", instanceHost(this.config().instanceUrl), new URL(instanceUrl).host)}`);
          }
          resolve(true);
        } catch (error) {
          // GitLab's refusal names the problem; a hostile server's text stays text (no links).
          box.validationMessage = error instanceof GitLabError ? inert(error.message) : vscode.l10n.t('The token could not be checked.');
        } finally {
          box.busy = false;
          box.enabled = true;
        }
      });
      box.onDidHide(() => {
        box.dispose();
        if (!done) resolve(false);
      });
      box.show();
    });
  }
}
