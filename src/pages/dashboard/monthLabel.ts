/** A summary month, `YYYY-MM`, as the portal writes months: `MM/YYYY`. */
export function monthLabel(month: string): string {
  const [year, number] = month.split('-');
  return `${number}/${year}`;
}
