const MB = 1024 * 1024;

/** The server enforces these whatever the client does (docs/product.md#15-limits). */
export const ECU_FILE_MAX_BYTES = 20 * MB;
export const ADDITIONAL_FILES_MAX_BYTES = 100 * MB;
export const ADDITIONAL_FILES_MAX_COUNT = 10;
export const TUNED_FILE_MAX_BYTES = 20 * MB;

/**
 * The tus chunk of every upload from the web client (ticket files, tuned files, chat files):
 * a cut connection costs at most one chunk, and each chunk costs the server a request of
 * its own. Measured in docs/decisions/027-upload-hashing.md.
 */
export const UPLOAD_CHUNK_SIZE = 16 * MB;

export const UPLOAD_MESSAGES = {
  ecuTooLarge: 'File size should be less than 20.00 MB.',
  additionalTooLarge: 'Total size of additional files should be less than 100.00 MB.',
  tooManyAdditional: `You can add at most ${ADDITIONAL_FILES_MAX_COUNT} additional files.`,
  empty: 'The file is empty.',
} as const;

export type FileCheck = { ok: true } | { ok: false; message: string };

export function checkEcuFile(size: number): FileCheck {
  if (size <= 0) return { ok: false, message: UPLOAD_MESSAGES.empty };
  if (size > ECU_FILE_MAX_BYTES) return { ok: false, message: UPLOAD_MESSAGES.ecuTooLarge };
  return { ok: true };
}

export function checkAdditionalFiles(sizes: readonly number[]): FileCheck {
  if (sizes.some((s) => s <= 0)) return { ok: false, message: UPLOAD_MESSAGES.empty };
  if (sizes.length > ADDITIONAL_FILES_MAX_COUNT)
    return { ok: false, message: UPLOAD_MESSAGES.tooManyAdditional };
  if (sizes.reduce((a, b) => a + b, 0) > ADDITIONAL_FILES_MAX_BYTES) {
    return { ok: false, message: UPLOAD_MESSAGES.additionalTooLarge };
  }
  return { ok: true };
}

/**
 * A stored file name: no path, no control characters, no leading dots, at most 200
 * characters, never empty. The name never reaches the file system (storage keys are ids).
 */
export function sanitiseFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(-200);
  return cleaned || 'file';
}
