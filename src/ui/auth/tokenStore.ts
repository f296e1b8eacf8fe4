import * as vscode from 'vscode';

/**
 * Personal access tokens in SecretStorage, keyed by instance URL, and nowhere else. An environment variable may
 * supply one for remote and test setups; a stored token wins over it.
 */
export class TokenStore {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly secrets: vscode.SecretStorage, private readonly envToken: string | undefined) {
    // Another window signing in or out changes the same secret.
    this.subscription = secrets.onDidChange((e) => {
      if (e.key.startsWith(TokenStore.prefix)) this.changed.fire();
    });
  }

  static readonly prefix = 'gitlabActivity.token:';

  static keyFor(instanceUrl: string): string {
    return `${TokenStore.prefix}${instanceUrl.trim().replace(/\/+$/, '').toLowerCase()}`;
  }

  async get(instanceUrl: string): Promise<string | undefined> {
    const stored = await this.secrets.get(TokenStore.keyFor(instanceUrl));
    return stored || this.envToken?.trim() || undefined;
  }

  async hasStored(instanceUrl: string): Promise<boolean> {
    return Boolean(await this.secrets.get(TokenStore.keyFor(instanceUrl)));
  }

  async store(instanceUrl: string, token: string): Promise<void> {
    await this.secrets.store(TokenStore.keyFor(instanceUrl), token);
  }

  async delete(instanceUrl: string): Promise<void> {
    await this.secrets.delete(TokenStore.keyFor(instanceUrl));
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
