/**
 * The query keys of a resource: `all` (everything it caches), `lists()` (every page of every search,
 * what a change invalidates) and `list(...criteria, page, pageSize)` (one page).
 */
export function resourceKeys<Args extends readonly unknown[]>(name: string) {
  const all = [name] as const;
  const lists = () => [name, 'list'] as const;
  return { all, lists, list: (...args: Args) => [...lists(), ...args] as const };
}
