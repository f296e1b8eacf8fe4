/** One line of a VS Code log output channel file: `2026-11-21 05:33:20.794 [info] Activated in 2.7 ms`. */
export interface LogLine {
  /** Milliseconds since the epoch; the file's times are the extension host's local time. */
  at: number;
  level: string;
  message: string;
}

const LINE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})\.(\d{3}) \[(\w+)\] (.*)$/;

/** Parses a log file's lines; continuation lines (a multi-line message) are appended to the line they belong to. */
export function parseLogLines(text: string): LogLine[] {
  const lines: LogLine[] = [];
  for (const raw of text.split('\n')) {
    const match = LINE.exec(raw);
    if (match) {
      const [, year, month, day, hours, minutes, seconds, millis, level, message] = match;
      const at = new Date(+year, +month - 1, +day, +hours, +minutes, +seconds, +millis).getTime();
      lines.push({ at, level, message });
    } else if (lines.length > 0 && raw !== '') {
      lines[lines.length - 1].message += `\n${raw}`;
    }
  }
  return lines;
}
