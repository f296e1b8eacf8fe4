/**
 * Polls `probe` until it returns something other than undefined/false/null, or fails after `timeoutMs`. The pause
 * between probes starts short and doubles up to `intervalMs`: most conditions hold within a few probes, and a long
 * wait does not spend the cores the workbench and the extension need (each probe runs in the page).
 */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  { timeoutMs = 20_000, intervalMs = 100 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  let pause = Math.min(10, intervalMs);
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== null && value !== false) return value;
    } catch (error) {
      // A probe may throw while the UI is still changing (a detached element, a navigating frame).
      lastError = error;
    }
    if (Date.now() >= deadline) {
      const cause = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${cause}`);
    }
    await new Promise((resolve) => setTimeout(resolve, pause));
    pause = Math.min(pause * 2, intervalMs);
  }
}
