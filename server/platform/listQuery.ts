/**
 * What the lists share beyond paging (our extension of spec §7's list calls): a sort
 * chosen from a whitelist of columns, so the caller's text never enters the SQL, and a date range
 * of Vietnam calendar days. Without them a list reads as spec §7 has it, newest first.
 */
import { vietnamDayStart } from '../../src/domain/vietnamTime';

export interface SortQuery<Sort extends string> {
  sort?: Sort;
  order?: 'asc' | 'desc';
}

/**
 * `ORDER BY` one of `columns` (the contract's sort name → the SQL expression it sorts by) in the
 * query's direction (descending without one), ties broken by `id` in the same direction so that
 * pages never overlap; without a sort, `id` descending: the newest first, as before the extension.
 */
export function orderByClause<Sort extends string>(
  columns: Readonly<Record<Sort, string>>,
  query: SortQuery<Sort>,
  id = 'id',
): string {
  const direction = query.order === 'asc' ? 'ASC' : 'DESC';
  if (query.sort === undefined || !Object.hasOwn(columns, query.sort)) {
    return `ORDER BY ${id} ${direction}`;
  }
  return `ORDER BY ${columns[query.sort]} ${direction}, ${id} ${direction}`;
}

/** What a record is sorted by: a number (sizes, instants) or a text (names, statuses). */
export type SortKey<Item> = (item: Item) => number | string;

const TEXT_ORDER = new Intl.Collator('vi', { sensitivity: 'base', numeric: true });

/**
 * The same sort as `orderByClause`, for lists whose records are read whole because a column
 * follows from the clock (a server's status): sorted by one of `keys` (the contract's sort name →
 * what it sorts by, a whitelist) in the query's direction (descending without one), ties broken
 * by `id` in the same direction; texts ignore case and compare numbers within them ("web-2" before
 * "web-10"). Without a sort the records keep the order they came in (newest first).
 */
export function sortRecords<Item extends { id: number }, Sort extends string>(
  items: readonly Item[],
  keys: Readonly<Record<Sort, SortKey<Item>>>,
  query: SortQuery<Sort>,
): Item[] {
  if (query.sort === undefined || !Object.hasOwn(keys, query.sort)) return [...items];
  const keyOf = keys[query.sort];
  const sign = query.order === 'asc' ? 1 : -1;
  return [...items].sort((a, b) => {
    const [x, y] = [keyOf(a), keyOf(b)];
    const byKey =
      typeof x === 'number' && typeof y === 'number'
        ? x - y
        : TEXT_ORDER.compare(String(x), String(y));
    return sign * (byKey || a.id - b.id);
  });
}

/** An ISO instant as a number to sort by, whatever its offset. */
export const instant = (iso: string) => Date.parse(iso);

export interface DateRangeQuery {
  date_from?: string;
  date_to?: string;
}

/**
 * The range's bounds as the ISO instants stored timestamps compare with: `from` the start of
 * `date_from` in Vietnam, `until` the start of the day after `date_to` (exclusive), each null
 * when not asked for. Use with `dateRangeSql`.
 */
export function dateRangeOf(query: DateRangeQuery): { from: string | null; until: string | null } {
  return {
    from: query.date_from ? vietnamDayStart(query.date_from).toISOString() : null,
    until: query.date_to ? vietnamDayStart(query.date_to, 1).toISOString() : null,
  };
}

/** The condition on `column` (a trusted SQL expression) for the `@from` and `@until` bounds. */
export const dateRangeSql = (column: string) =>
  `(@from IS NULL OR ${column} >= @from) AND (@until IS NULL OR ${column} < @until)`;
