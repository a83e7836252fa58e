/**
 * Links to a server offer (the provider's site, spec §3) name the months to pay at once.
 * A module of its own, importing nothing: the login and register pages read it.
 */

/**
 * The months a link to a server offer asks for: its `interval`, or 12 for the provider's
 * `billingcycle=annually` (spec §9); null when it names none.
 */
export function intervalInQuery(search: URLSearchParams): string | null {
  return search.get('interval') ?? (search.get('billingcycle') === 'annually' ? '12' : null);
}
