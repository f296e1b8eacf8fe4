import { GitLabDouble } from './index';
import type { DoubleOptions, DoubleToken, Edition, GraphqlSchemaVersion } from './types';

/**
 * npm run gitlab-double -- --port N [--edition spec|ce|ee] [--token T]… [--events N] [--todos N] [--seed S] [--hostile]
 *   [--strict-action] [--without-user-endpoint] [--without-discovery] [--without-paging-headers] [--spec-events]
 *   [--without-todos] [--graphql 19.3|current|17.5|17.4|16.11|none] [--scope-all window|perProject|complete] [--ignores-scope]
 *   [--feeds PROJECTS,FOLLOWEES] [--spec-only]
 */

function parseArgs(argv: string[]): DoubleOptions {
  const options: DoubleOptions = {};
  const tokens: DoubleToken[] = [];
  const number = (flag: string, value: string | undefined): number => {
    const parsed = Number(value);
    if (value === undefined || !Number.isInteger(parsed) || parsed < 0) throw new Error(`${flag} needs a whole number.`);
    return parsed;
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    switch (flag) {
      case '--port': options.port = number(flag, argv[++i]); break;
      case '--events': options.events = number(flag, argv[++i]); break;
      case '--todos': options.todos = number(flag, argv[++i]); break;
      case '--seed': options.seed = number(flag, argv[++i]); break;
      case '--edition': {
        const edition = argv[++i];
        if (edition !== 'spec' && edition !== 'ce' && edition !== 'ee') throw new Error('--edition is spec, ce or ee.');
        options.edition = edition as Edition;
        break;
      }
      case '--token': {
        const token = argv[++i];
        if (!token) throw new Error('--token needs a value.');
        tokens.push({ token, scopes: ['api'], userId: 1 });
        break;
      }
      case '--hostile': options.hostileNames = true; break;
      case '--strict-action': options.strictAction = true; break;
      case '--without-user-endpoint': options.withoutUserEndpoint = true; break;
      case '--without-discovery': options.withoutDiscovery = true; break;
      case '--without-paging-headers': options.withoutPagingHeaders = true; break;
      case '--spec-events': options.specEvents = true; break;
      case '--without-todos': options.withoutTodos = true; break;
      case '--graphql': {
        const version = argv[++i];
        if (!['19.3', 'current', '17.5', '17.4', '16.11', 'none'].includes(version)) throw new Error('--graphql is 19.3, current, 17.5, 17.4, 16.11 or none.');
        options.graphql = version as GraphqlSchemaVersion;
        break;
      }
      case '--scope-all': {
        const era = argv[++i];
        if (era !== 'window' && era !== 'perProject' && era !== 'complete') throw new Error('--scope-all is window, perProject or complete.');
        options.scopeAll = era;
        break;
      }
      case '--ignores-scope': options.ignoresScope = true; break;
      case '--feeds': {
        const [projects, followees] = (argv[++i] ?? '').split(',');
        options.feeds = { projects: number(flag, projects), followees: number(flag, followees) };
        break;
      }
      case '--spec-only': options.specOnly = true; break;
      default: throw new Error(`Unknown option ${flag}.`);
    }
  }
  if (tokens.length > 0) options.tokens = tokens;
  return options;
}

async function main(): Promise<void> {
  let options: DoubleOptions;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(2);
  }
  const double = await GitLabDouble.start(options);
  const stop = () => {
    void double.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // Said once it can be stopped: a caller that signals as soon as it reads the line finds the handlers there.
  process.stdout.write(`GitLab double listening on ${double.url}\n`);
}

void main();
