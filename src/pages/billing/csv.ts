/**
 * The CSV files the billing lists export, written so that Excel opens them as they are: UTF-8
 * with a byte order mark (without it Excel reads the bytes as the machine's code page and breaks
 * every Vietnamese diacritic), CRLF line ends, and RFC 4180 quoting. A text cell that starts like
 * a formula (= + - @, a tab or a carriage return) is prefixed with an apostrophe, so a
 * description typed by someone else can never run as a formula in the bookkeeper's spreadsheet
 * (CSV injection); numbers are written as numbers.
 */

/** Excel's cue that the file is UTF-8. */
export const BYTE_ORDER_MARK = '\uFEFF';

const LINE_END = '\r\n';

export type CsvCell = string | number | null | undefined;

/** One column of an export: its header (already in the reader's language) and its cell. */
export interface CsvColumn<RecordType> {
  header: string;
  cell: (record: RecordType) => CsvCell;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The whole file: the byte order mark, the header line, one line per record, CRLF after each. */
export function toCsv<RecordType>(
  columns: readonly CsvColumn<RecordType>[],
  records: readonly RecordType[],
): string {
  const line = (cells: readonly CsvCell[]) => cells.map(csvCell).join(',') + LINE_END;
  return (
    BYTE_ORDER_MARK +
    line(columns.map((column) => column.header)) +
    records.map((record) => line(columns.map((column) => column.cell(record)))).join('')
  );
}
