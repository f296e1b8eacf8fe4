/** A complete response, before faults and common headers are applied. */
export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer;
}

export function json(status: number, value: unknown, headers: Record<string, string> = {}): ApiResponse {
  return { status, headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(value) };
}

export function text(status: number, body: string, contentType: string, headers: Record<string, string> = {}): ApiResponse {
  return { status, headers: { 'Content-Type': contentType, ...headers }, body };
}

/** Helper errors (`render_api_error!`, §1.5 shape 1). */
export function messageError(status: number, message: unknown): ApiResponse {
  return json(status, { message });
}

/** Grape errors (§1.5 shape 3): parameter validation, unknown routes. */
export function grapeError(status: number, error: string): ApiResponse {
  return json(status, { error });
}

export const routeNotFound = (): ApiResponse => grapeError(404, '404 Not Found');

/** Headers on every API response (§1.1). */
export const COMMON_HEADERS: Readonly<Record<string, string>> = {
  'X-Frame-Options': 'SAMEORIGIN',
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'max-age=0, private, must-revalidate',
};
