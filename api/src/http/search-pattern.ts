/**
 * An ILIKE pattern matching rows that contain `text` as typed: the pattern characters % and _
 * (and the escape character \) in a search are literal, so '50%' finds '50%', not everything.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}
