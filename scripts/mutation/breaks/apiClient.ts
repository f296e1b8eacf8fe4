/** API client (`src/gitlab`): the rows of that section of docs/protections.md. */
import { CLIENT, FAULTS, PROPERTIES, T, edit, type Section } from '../model';

export const section: Section = {
  breaks: [
    {
      protection: 'Backoff between retries',
      edits: [edit('src/gitlab/retryPolicy.ts', 'return Math.round(ceiling * (0.25 + 0.75 * random()));', 'return 0;')],
      specs: [`${T}/gitlab/pure.test.ts`, FAULTS],
      tests: ['backs off exponentially within bounds', '429 without headers (', '502 (', '503 (', '504 (', 'reset mid-body ('],
    },
    {
      protection: 'Jitter in the backoff',
      edits: [edit('src/gitlab/retryPolicy.ts', 'return Math.round(ceiling * (0.25 + 0.75 * random()));', 'return Math.round(ceiling * (0.25 + 0.75 * 0.5));')],
      specs: [`${T}/gitlab/pure.test.ts`],
      tests: ['with jitter'],
    },
    {
      protection: '`Retry-After` / `RateLimit-Reset` honoured',
      edits: [edit('src/gitlab/transport.ts', 'const asked = response ? serverDelay(response.headers, this.now()) : undefined;', 'const asked = undefined as number | undefined;')],
      specs: [FAULTS],
      tests: ['429 + Retry-After (', '429 + RateLimit-Reset (', '429 Rack::Attack ('],
    },
    {
      protection: 'Largest body read',
      part: '20 MB',
      edits: [edit('src/gitlab/transport.ts', 'if (size > this.maxBodyBytes) {', 'if (size > Infinity) {')],
      specs: [FAULTS],
      tests: ['50 MB body ('],
    },
    {
      protection: 'Timeout',
      edits: [edit('src/gitlab/transport.ts', 'const timeout = AbortSignal.timeout(this.timeoutMs);', 'const timeout = new AbortController().signal;')],
      specs: [FAULTS],
      tests: ['latency past the timeout ('],
    },
    {
      protection: 'Same-origin redirects only',
      edits: [edit('src/gitlab/transport.ts', "if (next.origin !== this.base.origin || redirects >= MAX_REDIRECTS || method !== 'GET') {", "if (redirects >= MAX_REDIRECTS || method !== 'GET') {")],
      specs: [CLIENT, FAULTS],
      tests: ['a redirect to another origin is not followed and the token is not sent there', 'GET /notification_settings redirect to another origin (', 'GET /events redirect to another origin ('],
    },
    {
      protection: 'Response shape checks',
      edits: [edit('src/gitlab/shapes.ts', 'throw new ShapeError(`${path} should be ${expected} but is ${actual}`);', 'return undefined as never;')],
      specs: [CLIENT, `${T}/gitlab/pure.test.ts`, PROPERTIES],
      tests: ['a wrong shape of a used field', 'refuses wrong types of used fields', 'response parsing:'],
    },
    {
      protection: 'HTML or non-JSON answers',
      edits: [edit('src/gitlab/transport.ts', "if (type && !type.includes('json')) {", 'if (false) {')],
      specs: [FAULTS],
      tests: ['HTML with 200 (', 'wrong content type ('],
    },
    {
      protection: 'One path segment per ID',
      edits: [edit('src/gitlab/url.ts', 'return encodeURIComponent(text);', 'return text;')],
      specs: [CLIENT, `${T}/gitlab/pure.test.ts`, PROPERTIES],
      tests: ['encodes odd IDs so they cannot leave the API path', 'encodes full paths as one segment', 'URL building: any ID'],
    },
    {
      protection: 'Filter validation',
      edits: [edit('src/gitlab/filter.ts', "  if (problems.length > 0) throw new GitLabError('validation', `Invalid filter: ${problems.join(' ')}`);\n", '')],
      specs: [CLIENT, PROPERTIES],
      tests: ['never sends an invalid filter', 'filter validation:'],
    },
    {
      protection: 'Bytes of one read of many pages',
      part: '`ByteBudget`',
      edits: [edit('src/gitlab/transport.ts', 'if (budget && !budget.take(chunk.byteLength)) {', 'if (budget && !budget.take(0)) {')],
      specs: [CLIENT, `${T}/app/settings/scopeCatalog.test.ts`],
      tests: ['a byte budget shared by several requests', 'stops a listing whose pages come to more than 16 MB'],
    },
    {
      protection: 'Connections per origin',
      edits: [edit('src/node/dispatcher.ts', '    connections: MAX_CONNECTIONS_PER_ORIGIN,\n', '')],
      specs: [`${T}/gitlab/network.test.ts`],
      tests: ['over at most 8 connections', 'opens at most 8 tunnels'],
    },
    {
      protection: 'Token masked in GitLab\'s error text',
      edits: [edit('src/gitlab/transport.ts', 'text: redact(answer.text, [this.options.token()])', 'text: redact(answer.text, [])')],
      specs: [CLIENT],
      tests: ['an error body that echoes the token'],
    },
    {
      protection: 'An event switch never becomes another request parameter',
      edits: [edit('src/gitlab/types.ts', 'return EVENT_KEY_PATTERN.test(key) && !RESERVED_REQUEST_PARAMETERS.has(key);', 'return EVENT_KEY_PATTERN.test(key);')],
      specs: [CLIENT],
      tests: ['never sends a GitLab request parameter or a key unlike an event name'],
    },
    {
      protection: 'Pages read ahead past a capped `X-Total`',
      edits: [edit('src/gitlab/pageReader.ts', 'page.total !== undefined && page.total < CAPPED_TOTAL && page.perPage', 'page.total !== undefined && page.perPage')],
      specs: [`${T}/gitlab/pageReader.test.ts`],
      tests: ['does not trust a capped X-Total'],
    },
    {
      protection: 'The page window halves on a 429',
      edits: [edit('src/gitlab/pageReader.ts', 'while (nextToAsk < cursor + window.current &&', 'while (nextToAsk < cursor + options.window &&')],
      specs: [`${T}/gitlab/pageReader.test.ts`],
      tests: ['halves its window when GitLab answers 429'],
    },

  ],
  elsewhere: [
  ],
};
