/** Replaces every occurrence of a secret in text with a mask; secrets shorter than 4 characters are ignored. */
export function redact(text: string, secrets: Iterable<string | undefined>): string {
  let result = text;
  for (const secret of secrets) {
    if (secret && secret.length >= 4) result = result.split(secret).join('•••');
  }
  return result;
}
