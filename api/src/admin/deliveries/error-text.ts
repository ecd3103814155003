/** The longest error line the desk shows. */
export const ERROR_TEXT_MAX = 200;

/**
 * What the desk shows of a job's last error: the first line of its message, short, with anything
 * that could be a secret taken out (docs/decisions/070-durable-jobs.md). pg-boss keeps a failed
 * attempt's error as its `output`; its stack and extra fields (an SMTP server's whole answer)
 * stay there. A mail's body never reaches an error, but a code from one could in a server's
 * answer, so runs of six or more digits go too (a reset code has six), as do credentials in a URL
 * and long tokens.
 */
export function deliveryErrorText(output: unknown): string | null {
  const message =
    typeof output === 'string'
      ? output
      : output && typeof output === 'object' && typeof (output as { message?: unknown }).message === 'string'
        ? (output as { message: string }).message
        : null;
  if (message === null) return null;
  const line =
    message
      .split(/\r?\n/)
      .map((l) => l.trim())
      .find((l) => l !== '') ?? '';
  const safe = line
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^/\s@]*@/gi, '$1***@')
    .replace(/[A-Za-z0-9+/_=-]{32,}/g, '***')
    .replace(/\d{6,}/g, '***')
    .replace(/\s+/g, ' ')
    .trim();
  if (safe === '') return null;
  return safe.length > ERROR_TEXT_MAX ? `${safe.slice(0, ERROR_TEXT_MAX - 1)}…` : safe;
}
