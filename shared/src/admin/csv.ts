/** A cell of a CSV export: text, a number, a flag, or nothing (an empty cell). */
export type CsvValue = string | number | boolean | null | undefined;

/**
 * Characters that make a spreadsheet read a cell as a formula (or, for tab and carriage return,
 * hide one): OWASP's list for CSV injection.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One CSV cell (RFC 4180), safe to open in a spreadsheet. Text that starts like a formula gets a
 * leading apostrophe, so `=HYPERLINK("x")` shows as text. Numbers are written as numbers (-5
 * stays -5: a spreadsheet reads it as a value, never as a formula), so numeric columns stay
 * numeric; text that merely looks like a number is still text ("-5" becomes "'-5").
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = typeof value === 'boolean' ? String(value) : value;
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows (the first usually the header) as CSV text: comma-separated, CRLF after every row. */
export function toCsv(rows: readonly (readonly CsvValue[])[]): string {
  let out = '';
  for (const row of rows) out += `${row.map(csvCell).join(',')}\r\n`;
  return out;
}
