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
      tests: ['a redirect to another origin is not followed and the token is not sent there', 'GET /notification_settings, over undici redirect to another origin (', 'GET /notification_settings, over fetch redirect to another origin (', 'GET /events, over undici redirect to another origin (', 'GET /events, over fetch redirect to another origin ('],
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
      protection: 'An unvalidated filter cannot reach `listEvents`',
      by: 'typecheck',
      edits: [edit('src/gitlab/filter.ts', 'export type ValidEventFilter = Readonly<EventFilter> & Validated;', 'export type ValidEventFilter = Readonly<EventFilter>;')],
      specs: [],
      tests: ['test/unit/gitlab/client.test.ts(', "Unused '@ts-expect-error' directive"],
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
      protection: '…and the extension\'s sentence names a permission only by a name it derived',
      edits: [edit('src/gitlab/messages.ts', 'const match = /^([A-Za-z][A-Za-z ]*?)\\s*:\\s*([A-Za-z][A-Za-z ]*)$/.exec(words.trim());', 'const match = /^(.+?)\\s*:\\s*(.+)$/.exec(words.trim());')],
      specs: [`${T}/gitlab/fineGrained.test.ts`],
      tests: ['bracketed words are quoted as GitLab', 'lead back to its name'],
    },
    {
      protection: 'An event switch never becomes another request parameter',
      edits: [edit('src/gitlab/types.ts', 'return EVENT_KEY_PATTERN.test(key) && !RESERVED_REQUEST_PARAMETERS.has(key);', 'return EVENT_KEY_PATTERN.test(key);')],
      specs: [CLIENT],
      tests: ['never sends a GitLab request parameter or a key unlike an event name'],
    },
    {
      protection: 'A change is sent once',
      edits: [edit('src/gitlab/transport.ts', 'const retryable = exchange.idempotent', 'const retryable = true')],
      specs: [`${T}/gitlab/todos.test.ts`, `${T}/app/todos/todoBulk.test.ts`],
      tests: ['a change that meets a 502, a reset mid-answer or a 503 is sent once', 'a chunk that fails fails its to-dos only, with the error, and is not sent again'],
    },
    {
      protection: 'GraphQL `errors` (HTTP 200) become typed errors',
      edits: [edit('src/gitlab/graphql.ts', '      if (Array.isArray(envelope.errors) && envelope.errors.length > 0) throw graphqlError(envelope.errors, operation.name);\n', '')],
      specs: [`${T}/gitlab/todos.test.ts`, `${T}/app/todos/todoBulk.test.ts`],
      tests: ['GraphQL errors become typed errors', 'a misspelt field is a typed error, never a silent pass', 'GitLab 17.4: snooze one, no snoozed list', 'GitLab 16.11: no snooze; restore works', 'marks them one by one over REST, at most 4 at a time'],
    },
    {
      protection: 'To-do filter validation',
      edits: [edit('src/gitlab/todoFilter.ts', "  if (problems.length > 0) throw new GitLabError('validation', `Invalid to-do filter: ${problems.join(' ')}`);\n", '')],
      specs: [`${T}/gitlab/todos.test.ts`],
      tests: ['never sends an invalid filter: nothing reaches the server'],
    },
    {
      protection: 'To-do ids checked before anything is sent',
      edits: [edit('src/gitlab/todoFilter.ts', "  if (!isId(id)) throw new GitLabError('validation', `${shown(id)} is not a to-do ID.`);\n", '')],
      specs: [`${T}/gitlab/todos.test.ts`],
      tests: ['refuses an id that is not a to-do id without sending anything', 'the many-mutations answer the ids GitLab changed, and refuse more than their limit'],
    },
    {
      protection: 'A missing scope is named',
      edits: [
        edit('src/gitlab/messages.ts', '{ ...details, insufficientScope: true, missingScope });', '{ ...details, insufficientScope: true });'),
        edit('src/gitlab/graphql.ts', "{ ...details, missingScope: 'api' });", 'details);'),
      ],
      specs: [`${T}/gitlab/todos.test.ts`, `${T}/app/todos/todoBulk.test.ts`],
      tests: ['says which scope a token lacks: read_api to read', 'a to-do that is not the caller\'s is notFound; a read_api token is told it needs api', 'reports a token without api per to-do, never the token'],
    },
    {
      protection: 'The extension bundles no dev dependency',
      edits: [edit('src/gitlab/graphql.ts', "import { GitLabError } from './errors';", "import { parse } from 'graphql';\nimport { GitLabError } from './errors';\nvoid parse;")],
      specs: [`${T}/layering.test.ts`],
      tests: ['the extension and its page import only runtime dependencies'],
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

    {
      protection: 'No cookie or other credential of the page goes with a request from a browser',
      edits: [edit('src/gitlab/fetchExchange.ts', "        credentials: 'omit',\n", '')],
      specs: [`${T}/gitlab/fetchExchange.browser.test.ts`, `${T}/gitlab/fetchExchange.test.ts`],
      tests: ['sends no cookie of the page, even from the instance\'s own origin', 'sends the token in its header only, with no credentials of the page'],
    },
    {
      protection: 'A redirect a browser hides (`opaqueredirect`)',
      edits: [edit('src/gitlab/transport.ts', 'if (answer.hiddenRedirect) {', 'if (false) {')],
      specs: [`${T}/gitlab/fetchExchange.browser.test.ts`, `${T}/gitlab/fetchExchange.test.ts`],
      tests: ['a redirect is an error that says to check the instance URL, and is not followed', 'a redirect the browser hides is an error that says to check the instance URL'],
    },
    {
      protection: 'A refused `fetch` (CORS, unreachable: one `TypeError`) names the instance\'s host',
      edits: [edit('src/gitlab/fetchExchange.ts', 'if (request.signal.aborted) throw cause;', 'throw cause;')],
      specs: [`${T}/gitlab/fetchExchange.browser.test.ts`, `${T}/gitlab/fetchExchange.test.ts`],
      tests: ['a server that does not allow other origins (no CORS headers) is a network error naming the host', 'a request the browser refuses (CORS, no route, a bad certificate'],
    },
    {
      protection: 'Token masked however the server escapes it',
      edits: [edit('src/gitlab/redact.ts', "const escaped = text.includes('\\\\') || text.includes('%');", 'const escaped = false;')],
      specs: [`${T}/gitlab/redact.test.ts`, CLIENT, `${T}/gitlab/todos.test.ts`, `${T}/ui/log.test.ts`],
      tests: [
        'masks a secret whose characters a server wrote as JSON escapes', 'masks a secret written with URL escapes', 'leaves no secret in the decoded text',
        'an error body that echoes the token with JSON escapes', 'that echoes the token with JSON escapes is masked', 'masks the session token and the environment token',
      ],
    },
    {
      protection: 'A fine-grained refusal\'s permissions are GitLab\'s words',
      edits: [edit('src/gitlab/messages.ts', 'return `"${text.replace(', 'return text; `"${text.replace(')],
      specs: [`${T}/gitlab/fineGrained.test.ts`],
      tests: ['a refusal names the permissions GitLab asks for', 'bracketed words are quoted as GitLab', 'GraphQL says the same in'],
    },
    {
      protection: 'A REST page cut to the size asked',
      edits: [edit('src/gitlab/paging.ts', 'const items = response.data.length > limit ? response.data.slice(0, limit) : response.data;', 'const items = response.data;')],
      specs: [`${T}/gitlab/pageSizes.test.ts`],
      tests: ['REST: events, to-dos, groups, projects and labels keep the 20 asked for', 'the To-Do List, the Subscriptions list and the Activity view show at most a page of 20'],
    },
    {
      protection: 'A GraphQL connection page cut to its `first`',
      edits: [edit('src/gitlab/graphql.ts', 'return (nodes.length > first ? nodes.slice(0, first) : nodes).filter((n) => n !== null);', 'return nodes.filter((n) => n !== null);')],
      specs: [`${T}/gitlab/pageSizes.test.ts`],
      tests: ['GraphQL: subscribed issues, merge requests, epics', 'the To-Do List, the Subscriptions list and the Activity view show at most a page of 20'],
    },
  ],
  elsewhere: [
  ],
};
