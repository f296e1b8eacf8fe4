/** The variables undici's EnvHttpProxyAgent reads; lower case wins over upper case when both are set. */
export const PROXY_VARIABLES = ['http_proxy', 'HTTP_PROXY', 'https_proxy', 'HTTPS_PROXY', 'no_proxy', 'NO_PROXY'] as const;

/**
 * Clears the proxy variables so the machine's own settings cannot route a test's requests, and puts them back
 * afterwards. `set` changes one for the current test only.
 */
export class ProxyEnvironment {
  private saved: Partial<Record<string, string>> = {};

  isolate(): void {
    this.saved = {};
    for (const name of PROXY_VARIABLES) {
      this.saved[name] = process.env[name];
      delete process.env[name];
    }
  }

  set(name: (typeof PROXY_VARIABLES)[number], value: string): void {
    process.env[name] = value;
  }

  restore(): void {
    for (const name of PROXY_VARIABLES) {
      const value = this.saved[name];
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}
