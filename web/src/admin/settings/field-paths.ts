/** A server error's path ('hours.week.2.close') inside its settings group: ['week', '2', 'close']. */
export function fieldPath(group: string, path: string | undefined): string[] {
  const parts = (path ?? '').split('.').filter(Boolean);
  return parts[0] === group ? parts.slice(1) : parts;
}
