/**
 * Gathers writes from every room of the process and sends them as one statement per flush:
 * a flush starts after the I/O already waiting (so the messages behind it are relayed
 * first), and whatever arrives during a flush goes in the next. Each caller's promise settles
 * with its own batch.
 */
export function writeBatcher<T>(
  write: (items: T[]) => Promise<void>,
  maxBatch = 500,
): (item: T) => Promise<void> {
  let queue: { item: T; resolve: () => void; reject: (err: unknown) => void }[] = [];
  let flushing = false;
  const flush = async () => {
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(maxBatch);
      try {
        await write(batch.map((b) => b.item));
        for (const b of batch) b.resolve();
      } catch (err) {
        for (const b of batch) b.reject(err);
      }
    }
    flushing = false;
  };
  return (item) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (flushing) return;
      flushing = true;
      setImmediate(() => void flush());
    });
}
