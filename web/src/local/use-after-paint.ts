import { useEffect, useState } from 'react';

/**
 * False on the first render, true once that render has painted: a part that the first paint
 * does without starts loading its chunk from then on, instead of competing with the page's
 * (docs/decisions/084-paint-from-device.md). A frame callback runs before the next paint; the
 * timeout it sets runs after it.
 */
export function useAfterPaint(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setAfter(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return after;
}
