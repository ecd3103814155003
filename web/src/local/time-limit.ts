/** The wait for an answer ran out; the work itself may still finish later. */
export class TimeLimitError extends Error {
  constructor(readonly ms: number) {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- the error's own message, for the log
    super(`No answer within ${ms} ms`);
    this.name = 'TimeLimitError';
  }
}

/**
 * Settles as `work` does, or rejects with TimeLimitError after `ms`. The work is not
 * cancelled: a slow answer still lands (in Dexie, say) when it comes; only the wait ends.
 */
export function withTimeLimit<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new TimeLimitError(ms)), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}
