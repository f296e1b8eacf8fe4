import { homedir } from 'node:os';
import { TEST_CLOCK_ENV_VAR } from '../ids';
import type { Platform } from '../ui/platform';
import { FileOffsetClock } from './fileOffsetClock';
import { boundedGitFiles } from './gitFiles';
import { networkExchange } from './networkExchange';

/** The Node extension host (desktop, remote windows): undici with the proxy and CA settings, the local disk, the environment. */
export function nodePlatform(): Platform {
  return {
    host: 'node',
    env: (name) => process.env[name],
    exchange: networkExchange,
    localGitFiles: boundedGitFiles(),
    homeFolder: homedir(),
    testClock: (log) => {
      const file = process.env[TEST_CLOCK_ENV_VAR];
      return file ? new FileOffsetClock(file, log) : undefined;
    },
  };
}
