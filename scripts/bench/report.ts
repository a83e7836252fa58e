/** The bench's table: each figure beside its budget; times are marked "(reported)". */
export type Row =
  | { section: string }
  | {
      label: string;
      value: string;
      budget?: string;
      passed?: boolean;
      /** A time: depends on the machine, so it is shown against its budget but never fails. */
      reported?: boolean;
    };

export function printTable(rows: Row[]): void {
  console.log(
    `  ${'figure'.padEnd(58)} ${'measured'.padStart(12)}   ${'budget'.padEnd(10)} verdict`,
  );
  for (const row of rows) {
    if ('section' in row) {
      console.log(row.section);
      continue;
    }
    const verdict = [
      row.passed === undefined ? '' : row.passed ? 'within budget' : 'OVER BUDGET',
      row.reported ? '(reported)' : '',
    ]
      .filter(Boolean)
      .join(' ');
    console.log(
      `  ${row.label.padEnd(58)} ${row.value.padStart(12)}   ${(row.budget ?? '—').padEnd(10)} ${verdict}`.trimEnd(),
    );
  }
}
