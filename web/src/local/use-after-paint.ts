import { startTransition, useEffect, useState } from 'react';
import { firstContentfulPaint } from './first-paint';

/**
 * False on the first render, true once that render has painted: a part that the first paint
 * does without starts loading its chunk from then on, instead of competing with the page's
 * (docs/decisions/084-paint-from-device.md). A frame callback runs before the next paint and
 * the timeout it sets after it; on the page's first load it also waits for the browser's first
 * contentful paint, where a screen waited on data for its first text.
 */
export function useAfterPaint(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      // A transition: what mounts then renders in short tasks (docs/decisions/084-paint-from-device.md).
      timer = setTimeout(
        () => void firstContentfulPaint().then(() => live && startTransition(() => setAfter(true))),
        0,
      );
    });
    return () => {
      live = false;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return after;
}
