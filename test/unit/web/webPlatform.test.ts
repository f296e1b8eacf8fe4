import assert from 'node:assert/strict';
import { FetchExchange } from '../../../src/gitlab';
import type { ExtensionConfig } from '../../../src/ui/config';
import { webPlatform } from '../../../src/web/platform';

const config = (network: Partial<ExtensionConfig>) => ({ proxy: '', caFile: '', ignoreCertificateErrors: false, ...network }) as ExtensionConfig;

describe('the browser\'s platform', () => {
  it('has no environment: no token or instance from variables, no test hooks', () => {
    const platform = webPlatform();
    assert.equal(platform.env('GITLAB_ACTIVITY_TOKEN'), undefined);
    assert.equal(platform.localGitFiles, undefined);
    assert.equal(platform.homeFolder, undefined);
    assert.equal(platform.testClock, undefined);
  });

  it('uses the browser\'s fetch, and says once that the proxy, CA and certificate settings do not apply there', () => {
    const lines: string[] = [];
    const log = { info: (line: string) => lines.push(line), error: () => undefined };
    const platform = webPlatform();
    assert.ok(platform.exchange(config({}), log) instanceof FetchExchange);
    assert.deepEqual(lines, [], 'nothing to say without those settings');
    platform.exchange(config({ proxy: 'http://proxy.example:3128' }), log);
    platform.exchange(config({ caFile: '/etc/ca.pem', ignoreCertificateErrors: true }), log);
    assert.equal(lines.length, 1);
    assert.match(lines[0], /proxy, CA file and certificate settings do not apply/);
  });
});
