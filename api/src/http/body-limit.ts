import { bodyLimit } from 'hono/body-limit';
import { AppError } from './app-error';

/**
 * A request body limit that answers 413 with our envelope. The unread rest of the body
 * leaves the connection unusable, so the answer tells the client not to reuse it.
 */
export function limitBody(maxSize: number, message: string) {
  return bodyLimit({
    maxSize,
    onError: () => {
      throw new AppError(413, message, [], { Connection: 'close' });
    },
  });
}
