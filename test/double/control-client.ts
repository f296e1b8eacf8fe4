/** A stored notification setting to change through the double's control surface (PUT /__double/settings). */
export interface ElsewhereSetting {
  scope: 'global' | 'group' | 'project';
  /** Group or project ID or full path. */
  id?: string | number;
  /** Whose setting; the first token's user by default. */
  userId?: number;
  level?: string;
  events?: Record<string, boolean | null>;
  notificationEmail?: string | null;
}

/**
 * Changes a stored notification setting through the double's control surface, as if someone changed it in
 * GitLab's web UI: the request is neither logged nor subject to faults, so a client learns of it only by reading.
 */
export async function changeSettingElsewhere(double: { url: string }, setting: ElsewhereSetting): Promise<void> {
  const response = await fetch(`${double.url}/__double/settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(setting),
  });
  if (!response.ok) throw new Error(`PUT /__double/settings answered ${response.status}: ${await response.text()}`);
}
