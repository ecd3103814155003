const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/**
 * A `time|id` cursor (newest first) as the API hands it out, or undefined when the text is not
 * one: anything else starts from the first page, and never reaches the database as a timestamp
 * PostgreSQL would refuse (a 500).
 */
export function timeIdCursor(cursor: string | undefined): { at: Date; id: string } | undefined {
  const [time, id, ...rest] = (cursor ?? '').split('|');
  if (!time || !id || rest.length > 0 || !ISO_UTC.test(time)) return undefined;
  const at = new Date(time);
  // Year 0 passes the pattern but not PostgreSQL.
  return Number.isNaN(at.getTime()) || at.getUTCFullYear() < 1 ? undefined : { at, id };
}
