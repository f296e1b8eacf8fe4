/**
 * GitLab answers errors in several body shapes (behaviour note §1.5): `{"message": string}`,
 * `{"message": {field: [..]}}`, `{"message": {"error": string}}`, `{"error": .., "error_description": ..}`,
 * GraphQL's `{"errors": [{"message": string}]}` (to-dos note §4), and plain text. This reads any of them into one
 * summary.
 */
export interface ErrorBody {
  /** The server's own words, as one line. */
  text?: string;
  fieldErrors?: Record<string, string[]>;
  /** The `error` code of OAuth-style bodies (`invalid_token`, `insufficient_scope`…). */
  code?: string;
  /** With `insufficient_scope`: the scopes that would have been enough (`api read_api`, or `api`). */
  scopes?: string[];
}

const MAX_TEXT = 300;

export function parseErrorBody(raw: string, contentType: string | undefined): ErrorBody {
  const trimmed = raw.trim();
  if (!trimmed) return {};
  if (contentType?.includes('json') || trimmed.startsWith('{')) {
    try {
      return fromJson(JSON.parse(trimmed));
    } catch {
      // Not JSON after all: fall through to text.
    }
  }
  if (contentType?.includes('html') || /^<(!doctype|html)/i.test(trimmed)) return {};
  return { text: clip(trimmed) };
}

function fromJson(body: unknown): ErrorBody {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const record = body as Record<string, unknown>;
  const { message, error, errors } = record;
  if (typeof message === 'string') return { text: clip(message) };
  if (Array.isArray(errors)) {
    const messages = errors.map((e) => (e && typeof e === 'object' ? (e as Record<string, unknown>).message : e))
      .filter((m): m is string => typeof m === 'string');
    return messages.length > 0 ? { text: clip(messages.join('; ')) } : {};
  }
  if (message && typeof message === 'object' && !Array.isArray(message)) {
    const fields: Record<string, string[]> = {};
    for (const [key, value] of Object.entries(message as Record<string, unknown>)) {
      if (Array.isArray(value)) fields[key] = value.map(String);
      else if (typeof value === 'string') fields[key] = [value];
    }
    const inner = (message as Record<string, unknown>).error;
    if (typeof inner === 'string' && Object.keys(fields).length === 1) return { text: clip(inner) };
    const text = Object.entries(fields).map(([key, values]) => `${key} ${values.join(', ')}`).join('; ');
    return { text: clip(text), fieldErrors: fields };
  }
  if (typeof error === 'string') {
    const description = typeof record.error_description === 'string' ? record.error_description : undefined;
    const isCode = /^[a-z_]+$/.test(error);
    const scopes = typeof record.scope === 'string' ? record.scope.split(/\s+/).filter((s) => /^[a-z_]+$/.test(s)) : [];
    return { text: clip(description ?? error), ...(isCode ? { code: error } : {}), ...(scopes.length > 0 ? { scopes } : {}) };
  }
  return {};
}

function clip(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > MAX_TEXT ? `${oneLine.slice(0, MAX_TEXT - 1)}…` : oneLine;
}
