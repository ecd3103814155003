const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a text is an id a uuid column can hold: anything else never reaches a query. */
export function isUuid(text: string | null | undefined): text is string {
  return typeof text === 'string' && UUID.test(text);
}
