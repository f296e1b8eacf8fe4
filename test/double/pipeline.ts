import type { IncomingMessage, ServerResponse } from 'node:http';
import { readCredentials } from './auth';
import type { ControlSurface } from './control';
import { endlessPage } from './faults/endless';
import { endlessCursorPage, oversizedPage, withGraphqlVariables } from './faults/hostilePages';
import { replacementResponse } from './faults/pages';
import type { FaultStore } from './faults/store';
import { writeHuge, writeReset, writeTruncated } from './faults/write';
import { corsHeaders, isPreflight, preflightResponse, requestOrigin } from './http/cors';
import { readRequest, type ApiRequest } from './http/request';
import { send } from './http/send';
import type { RequestLog } from './request-log';
import type { Router } from './routes/router';
import type { DoubleContext } from './routes/route';
import type { Fault, LoggedRequest } from './types';

export interface PipelineDeps {
  double: DoubleContext;
  router: Router;
  faults: FaultStore;
  log: RequestLog;
  control: ControlSurface;
  /** Waits `ms`, or less when the server closes. */
  sleep(ms: number): Promise<void>;
}

/**
 * One request: control surface; or a CORS preflight, answered at once (as rack-cors does, before authentication and
 * rate limits: faults do not apply to it); or faults (latency first), then the API answer, with the CORS headers of
 * its path. Logged once sent.
 */
export class Pipeline {
  constructor(private readonly deps: PipelineDeps) {}

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const at = Date.now();
    const request = await readRequest(req);
    if (request.rawPath === '/__double' || request.rawPath.startsWith('/__double/')) {
      send(res, this.deps.control.handle(request));
      return;
    }
    const origin = requestOrigin(request.headers);
    if (isPreflight(request.method, request.headers)) {
      this.answerPreflight(res, request, at);
      return;
    }
    for (const [name, value] of Object.entries(corsHeaders(request.rawPath, request.headers, this.deps.double.baseUrl))) {
      res.setHeader(name, value);
    }
    const credentials = readCredentials(request);
    const entry: LoggedRequest = {
      method: request.method, path: request.path, rawPath: request.rawPath, query: request.query, status: 0,
      auth: credentials.kind, at,
    };
    if (origin !== undefined) entry.origin = origin;
    const known = credentials.token === undefined ? undefined : this.deps.double.data.tokens.find((t) => t.token === credentials.token);
    if (known) entry.userId = known.userId ?? 1;
    if (request.bodyText) entry.body = request.bodyText;
    this.deps.log.arrive(entry);
    const apiPath = request.path.startsWith('/api/v4/') ? request.path.slice('/api/v4'.length) : request.path;
    const plan = this.deps.faults.take(request.method, apiPath);
    if (plan.latencyMs > 0) await this.deps.sleep(plan.latencyMs);
    if (res.destroyed) {
      this.deps.log.complete(entry);
      return;
    }
    entry.status = plan.fault ? await this.writeFault(res, request, plan.fault) : this.answer(res, request);
    this.deps.log.complete(entry);
  }

  private answerPreflight(res: ServerResponse, request: ApiRequest, at: number): void {
    const response = preflightResponse(request.rawPath, request.headers, this.deps.double.baseUrl);
    const asked = request.headers['access-control-request-headers'];
    const entry: LoggedRequest = {
      method: request.method, path: request.path, rawPath: request.rawPath, query: request.query, status: 0,
      auth: 'none', at, origin: requestOrigin(request.headers),
      preflight: {
        method: String(request.headers['access-control-request-method']),
        ...(asked === undefined ? {} : { headers: String(asked) }),
      },
    };
    res.writeHead(response.status, { ...response.headers, 'Content-Length': '0' });
    res.end();
    entry.status = response.status;
    this.deps.log.complete(entry);
  }

  private answer(res: ServerResponse, request: ApiRequest): number {
    const response = this.deps.router.dispatch(request, this.deps.double);
    send(res, response, request.method === 'HEAD');
    return response.status;
  }

  private async writeFault(res: ServerResponse, request: ApiRequest, fault: Fault): Promise<number> {
    const authenticated = readCredentials(request).kind !== 'none';
    const replacement = replacementResponse(fault, this.deps.double.now().getTime(), authenticated);
    if (replacement) {
      send(res, replacement, request.method === 'HEAD');
      return replacement.status;
    }
    const dispatch = (asked: ApiRequest) => this.deps.router.dispatch(asked, this.deps.double);
    const bent = fault.kind === 'endlessPages' ? endlessPage(request, this.deps.double.baseUrl, dispatch)
      : fault.kind === 'endlessCursor' ? endlessCursorPage(request, fault.items, dispatch)
        : fault.kind === 'oversizedPage' ? oversizedPage(request, fault.items, dispatch)
          : fault.kind === 'graphqlVariables' ? withGraphqlVariables(request, fault.variables, dispatch) : undefined;
    if (bent) {
      send(res, bent, request.method === 'HEAD');
      return bent.status;
    }
    if (fault.kind === 'huge') {
      await writeHuge(res, fault.bytes);
      return 200;
    }
    const response = this.deps.router.dispatch(request, this.deps.double);
    if (fault.kind === 'reset') await writeReset(res, response);
    else writeTruncated(res, response);
    return response.status;
  }
}
