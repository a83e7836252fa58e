import { describe, expect, it } from 'vitest';

import { BYTE_ORDER_MARK, csvCell, toCsv, type CsvColumn } from './csv';

interface Row {
  date: string;
  text: string;
  amount: number;
}

const COLUMNS: CsvColumn<Row>[] = [
  { header: 'Thời gian', cell: (row) => row.date },
  { header: 'Nội dung', cell: (row) => row.text },
  { header: 'Số tiền', cell: (row) => row.amount },
];

describe('the CSV files of the billing lists', () => {
  it('start with the UTF-8 byte order mark and end every line with CRLF', () => {
    const file = toCsv(COLUMNS, [{ date: '26-11-2026 09:15', text: 'Nạp tiền', amount: 500000 }]);
    expect(file.startsWith(BYTE_ORDER_MARK)).toBe(true);
    expect(file.slice(1)).toBe(
      'Thời gian,Nội dung,Số tiền\r\n26-11-2026 09:15,Nạp tiền,500000\r\n',
    );
    // Encoded, the file opens with EF BB BF and keeps the diacritics as UTF-8.
    const bytes = new TextEncoder().encode(file);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3, 14))).toBe('Thời gian');
  });

  it('quotes cells holding a comma, a quote or a line break, doubling the quotes', () => {
    expect(csvCell('web-01, db-01')).toBe('"web-01, db-01"');
    expect(csvCell('máy chủ "web"')).toBe('"máy chủ ""web"""');
    expect(csvCell('dòng 1\ndòng 2')).toBe('"dòng 1\ndòng 2"');
    expect(csvCell(' lề ')).toBe('" lề "');
    expect(csvCell('INV-2026-000012')).toBe('INV-2026-000012');
  });

  it('writes amounts as plain integers, negative ones included, and nothing for no value', () => {
    expect(csvCell(41000)).toBe('41000');
    expect(csvCell(-216000)).toBe('-216000');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('defuses text that a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","bấm")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""bấm"")"`,
    );
    expect(csvCell('+84 912 345 678')).toBe("'+84 912 345 678");
    expect(csvCell('-1+1')).toBe("'-1+1");
    expect(csvCell('@SUM(A1:A9)')).toBe("'@SUM(A1:A9)");
    expect(csvCell('\t=1+1')).toBe("'\t=1+1");
    // Only the start matters: a dash inside a text is just a dash.
    expect(csvCell('web-01')).toBe('web-01');
  });

  it('writes the header alone for an empty list', () => {
    expect(toCsv(COLUMNS, [])).toBe(`${BYTE_ORDER_MARK}Thời gian,Nội dung,Số tiền\r\n`);
  });
});
