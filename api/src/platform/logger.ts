import { inspect } from 'node:util';
import pino from 'pino';
import { currentRequestScope } from './request-scope';

export interface Logger {
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
  /** Something an operator must see once whatever LOG_LEVEL says (only 'silent' hides it). */
  notice(...args: unknown[]): void;
  /** Whether lines of this level are written (work done only for them can be skipped). */
  enabled?(level: 'info' | 'warn' | 'error'): boolean;
}

export type LogLevel = 'silent' | 'error' | 'warn' | 'info';

/** Where the JSON lines go: errors to stderr, the rest to stdout (see createLogger). */
export type LogOutput = (line: string, isError: boolean) => void;

/**
 * Fields that name a secret. Only outside production are they written (the mailer's link or
 * code when there is no SMTP, for a developer); in production their value is replaced.
 */
export const SECRET_FIELDS = ['secret', 'password', 'token', 'otp', 'link', 'cookie', 'authorization'];
const RESERVED = new Set(['level', 'time', 'msg', 'err']);

/**
 * One stream writes both: console.error for errors (stderr; the test suite's guard watches
 * it), stdout for the rest, each line whole.
 */
const standardOutput: LogOutput = (line, isError) => {
  if (isError) console.error(line.trimEnd());
  else process.stdout.write(line);
};

/**
 * Callers log as with console: `logger.error('Upload failed:', err)`. The strings (and
 * anything else, inspected) make `msg`; an Error becomes `err` (message and stack); a plain
 * object as the last argument adds its fields to the line.
 */
function toEntry(args: unknown[]): [Record<string, unknown>, string] {
  const fields: Record<string, unknown> = {};
  const rest = [...args];
  const last = rest.at(-1);
  if (
    rest.length > 1 &&
    last !== null &&
    typeof last === 'object' &&
    Object.getPrototypeOf(last) === Object.prototype
  ) {
    rest.pop();
    for (const [k, v] of Object.entries(last)) fields[RESERVED.has(k) ? `_${k}` : k] = v;
  }
  const words: string[] = [];
  for (const arg of rest) {
    if (arg instanceof Error && fields.err === undefined) fields.err = arg;
    else words.push(typeof arg === 'string' ? arg : inspect(arg, { depth: 4, breakLength: Infinity }));
  }
  return [fields, words.join(' ')];
}

/**
 * Structured JSON logs, one line per event: level, time, msg and fields
 * (docs/decisions/026-several-processes.md). Every line written while a request is handled
 * carries its `reqId`, deep code and detached work included (docs/decisions/076-request-scope.md).
 */
export function createLogger(
  level: LogLevel,
  options: { production?: boolean; output?: LogOutput } = {},
): Logger {
  const output = options.output ?? standardOutput;
  const base = pino(
    {
      level,
      customLevels: { notice: 55 },
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // A new object each time: pino adds the line's own fields to it.
      mixin: () => {
        const scope = currentRequestScope();
        return scope ? { reqId: scope.reqId } : {};
      },
      ...(options.production
        ? { redact: { paths: SECRET_FIELDS.flatMap((f) => [f, `*.${f}`]), censor: '[redacted]' } }
        : {}),
    },
    { write: (line: string) => output(line, line.startsWith('{"level":"error"')) },
  );
  const at =
    (method: 'info' | 'warn' | 'error' | 'notice') =>
    (...args: unknown[]) => {
      if (!base.isLevelEnabled(method)) return;
      const [fields, msg] = toEntry(args);
      base[method](fields, msg);
    };
  return {
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    notice: at('notice'),
    enabled: (method) => base.isLevelEnabled(method),
  };
}
