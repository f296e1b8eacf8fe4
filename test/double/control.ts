import type { ApiRequest } from './http/request';
import { json, type ApiResponse } from './http/response';
import type { FaultStore } from './faults/store';
import { presentSetting } from './present/setting';
import type { RequestLog } from './request-log';
import type { DoubleContext } from './routes/route';
import type { DoubleToken, Fault, FaultRule, TokenScope } from './types';
import { findGroup, findProject } from './world/lookup';
import { settingKey, type DoubleEvent, type DoubleTodo, type SettingSource, type StoredSetting } from './world/types';

/**
 * The control surface under /__double/ for out-of-process tests and the demo. Its requests are neither logged nor
 * subject to faults.
 *
 * GET /__double/requests · GET /__double/preflights (CORS preflights, kept apart from the requests) ·
 * DELETE /__double/requests (both) · POST /__double/faults (a FaultRule; a `path` starting with `^` is
 * a regex source; `times` may be "Infinity") · DELETE /__double/faults · POST /__double/events (a partial event) ·
 * PUT /__double/settings ({ scope: 'global'|'group'|'project', id?, userId?, level?, events?, notificationEmail? }) ·
 * POST /__double/tokens (a DoubleToken, replacing one with the same string) · POST /__double/todos (a partial to-do) ·
 * GET /__double/health
 */

const FAULT_KINDS: ReadonlySet<Fault['kind']> = new Set([
  'latency', 'status', 'rateLimit', 'reset', 'truncated', 'malformed', 'html200', 'huge', 'redirect', 'endlessPages',
  'endlessCursor', 'oversizedPage', 'graphqlVariables',
]);
const SCOPES: ReadonlySet<TokenScope> = new Set(['api', 'read_api', 'read_user']);

class ControlError extends Error {}

function record(value: unknown, what: string): Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new ControlError(`${what} must be a JSON object.`);
  return value as Record<string, unknown>;
}

export function parseFaultRule(body: unknown): FaultRule {
  const raw = record(body, 'The fault rule');
  const fault = record(raw.fault, 'fault');
  if (!FAULT_KINDS.has(fault.kind as Fault['kind'])) throw new ControlError(`Unknown fault kind ${String(fault.kind)}.`);
  const rule: FaultRule = { fault: fault as unknown as Fault };
  if (raw.method !== undefined) rule.method = String(raw.method);
  if (raw.path !== undefined) {
    const path = String(raw.path);
    rule.path = path.startsWith('^') ? new RegExp(path) : path;
  }
  if (raw.times !== undefined && raw.times !== null) {
    const times = raw.times === 'Infinity' ? Infinity : Number(raw.times);
    if (!(times > 0)) throw new ControlError('times must be a positive number or "Infinity".');
    rule.times = times;
  }
  return rule;
}

export interface ControlDeps {
  double: DoubleContext;
  faults: FaultStore;
  log: RequestLog;
  addEvent(partial: Partial<DoubleEvent>): DoubleEvent;
  addTodo(partial: Partial<DoubleTodo>): DoubleTodo;
}

export class ControlSurface {
  constructor(private readonly deps: ControlDeps) {}

  handle(request: ApiRequest): ApiResponse {
    try {
      return this.route(request);
    } catch (error) {
      return json(400, { error: error instanceof Error ? error.message : String(error) });
    }
  }

  private body(request: ApiRequest): Record<string, unknown> {
    if (request.bodyError) throw new ControlError('The body is not valid JSON.');
    return request.body;
  }

  private route(request: ApiRequest): ApiResponse {
    const { faults, log } = this.deps;
    const where = `${request.method} ${request.rawPath.replace(/\/+$/, '')}`;
    switch (where) {
      case 'GET /__double/health': return json(200, { ok: true, url: this.deps.double.baseUrl });
      case 'GET /__double/requests': return json(200, log.entries);
      case 'GET /__double/preflights': return json(200, log.preflights);
      case 'DELETE /__double/requests': log.clear(); return { status: 204, headers: {}, body: '' };
      case 'POST /__double/faults': {
        const body = this.body(request);
        const rule = parseFaultRule(body);
        faults.add(rule);
        return json(201, { ...rule, path: body.path, times: rule.times ?? 1 });
      }
      case 'DELETE /__double/faults': faults.clear(); return { status: 204, headers: {}, body: '' };
      case 'POST /__double/events': return json(201, this.deps.addEvent(this.body(request) as Partial<DoubleEvent>));
      case 'POST /__double/todos': return json(201, this.deps.addTodo(this.body(request) as Partial<DoubleTodo>));
      case 'PUT /__double/settings': return this.putSetting(this.body(request));
      case 'POST /__double/tokens': return this.putToken(this.body(request));
      default: return json(404, { error: `No control endpoint ${where}.` });
    }
  }

  /** Sets a stored setting directly, as if changed elsewhere. Any level string is accepted (a newer server's level). */
  private putSetting(body: Record<string, unknown>): ApiResponse {
    const { data, options } = this.deps.double;
    const userId = body.userId === undefined ? options.defaultUserId : Number(body.userId);
    const user = data.users.find((u) => u.id === userId);
    if (!user) throw new ControlError(`There is no user ${String(body.userId)}.`);
    const scope = body.scope ?? 'global';
    let source: SettingSource;
    if (scope === 'global') source = { kind: 'global' };
    else if (scope === 'group' || scope === 'project') {
      const target = scope === 'group' ? findGroup(data, String(body.id)) : findProject(data, String(body.id));
      if (!target) throw new ControlError(`There is no ${scope} ${String(body.id)}.`);
      source = { kind: scope, id: target.id };
    } else throw new ControlError('scope must be global, group or project.');

    const key = settingKey(user.id, source);
    const stored: StoredSetting = data.settings[key] ?? { level: source.kind === 'global' ? 'participating' : 'global', events: {} };
    if (body.level !== undefined) {
      if (typeof body.level !== 'string' || body.level === '') throw new ControlError('level must be a non-empty string.');
      stored.level = body.level;
    }
    if (body.events !== undefined) {
      for (const [name, value] of Object.entries(record(body.events, 'events'))) {
        if (value !== null && typeof value !== 'boolean') throw new ControlError(`events.${name} must be true, false or null.`);
        stored.events[name] = value;
      }
    }
    if (body.notificationEmail !== undefined) {
      user.notificationEmail = body.notificationEmail === null ? null : String(body.notificationEmail);
    }
    data.settings[key] = stored;
    return json(200, presentSetting(options.edition, source.kind, stored, user));
  }

  private putToken(body: Record<string, unknown>): ApiResponse {
    const { data } = this.deps.double;
    if (typeof body.token !== 'string' || body.token === '') throw new ControlError('token must be a non-empty string.');
    const scopes = Array.isArray(body.scopes) ? body.scopes : ['api'];
    if (!scopes.every((s) => SCOPES.has(s as TokenScope))) throw new ControlError('scopes must be api, read_api or read_user.');
    const state = body.state ?? 'active';
    if (state !== 'active' && state !== 'expired' && state !== 'revoked') throw new ControlError('state must be active, expired or revoked.');
    const token: DoubleToken = {
      token: body.token, scopes: scopes as TokenScope[], userId: body.userId === undefined ? 1 : Number(body.userId), state,
    };
    const index = data.tokens.findIndex((t) => t.token === token.token);
    if (index >= 0) data.tokens[index] = token;
    else data.tokens.push(token);
    return json(201, token);
  }
}
