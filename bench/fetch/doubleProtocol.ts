/** Messages between the benchmark and the double's process. */
export interface RequestSummary {
  method: string;
  path: string;
  query: Record<string, string>;
  status: number;
}

export type DoubleCommand =
  | { type: 'start'; options: Record<string, unknown> }
  | { type: 'mark' }
  | { type: 'stats' }
  | { type: 'close' };

export type DoubleReply =
  | { type: 'started'; url: string }
  | { type: 'marked' }
  | { type: 'stats'; connections: number; requests: RequestSummary[] }
  | { type: 'closed' }
  | { type: 'error'; message: string };
