export interface Logger {
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
  /** Something an operator must see once whatever LOG_LEVEL says (only 'silent' hides it). */
  notice(...args: unknown[]): void;
}

const ORDER = { silent: 0, error: 1, warn: 2, info: 3 } as const;

export function createLogger(level: keyof typeof ORDER): Logger {
  const at = ORDER[level];
  return {
    info: (...a) => at >= 3 && console.info(...a),
    warn: (...a) => at >= 2 && console.warn(...a),
    error: (...a) => at >= 1 && console.error(...a),
    notice: (...a) => at >= 1 && console.info(...a),
  };
}
