/**
 * How long the calls that must not tell whether an address has an account take, whatever
 * they do (docs/decisions/023-leaks-and-accounts.md): longer than their database work, so
 * that only a mail can outlast it, and the mail then goes on after the answer.
 */
export const FIXED_ANSWER_MS = 200;

/**
 * Runs `work` and returns after `ms`, however long the work takes: a quicker work is waited
 * for, a slower one goes on after the return and a failure then is passed to `onLateError`.
 * A failure within `ms` is thrown (the caller answers 500 as for any broken call).
 */
export async function inFixedTime(
  work: () => Promise<unknown>,
  ms: number,
  onLateError: (err: unknown) => void,
): Promise<void> {
  let late = false;
  const timer = new Promise<void>((resolve) =>
    setTimeout(() => {
      late = true;
      resolve();
    }, ms),
  );
  const running = work().then(
    () => undefined,
    (err: unknown) => {
      if (!late) throw err;
      onLateError(err);
    },
  );
  await Promise.all([timer, Promise.race([running, timer])]);
}
