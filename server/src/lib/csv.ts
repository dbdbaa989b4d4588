/**
 * Spreadsheet safety for CSV files the shop writes and reads (docs/product.md section 12).
 * A cell starting with = + - @ (or a tab or carriage return) is a formula to a spreadsheet: on
 * export it gets a leading apostrophe, which spreadsheets show as text; on import such a cell is
 * refused, and an apostrophe before one of those characters is taken off again, so an exported
 * file imports back to the same text.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const ESCAPED = /^'+[=+\-@\t\r]/;

/** A text cell as written to a CSV file: formula-looking text gets a leading apostrophe. */
export function neutraliseCell(text: string): string {
  return FORMULA_START.test(text) || ESCAPED.test(text) ? `'${text}` : text;
}

const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/** Whether an imported cell would run as a formula in a spreadsheet (a plain number such as -1 is not one). */
export function looksLikeFormula(text: string): boolean {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text);
}

/** An imported cell's text: one apostrophe before a formula character is taken off. */
export function restoreCell(text: string): string {
  return ESCAPED.test(text) ? text.slice(1) : text;
}
