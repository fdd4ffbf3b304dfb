import type { WallStore } from '../../src-shared/console/console-api';

/** The wall's filter chips. */
export const WALL_FILTERS = ['all', 'attention', 'paused', 'closed'] as const;
export type WallFilter = (typeof WALL_FILTERS)[number];

const names = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/** Most urgent first (the server's `attention`), then by name as Portuguese sorts it ("Água" beside "Agua"). */
export function byAttention(a: WallStore, b: WallStore): number {
  return b.attention - a.attention || names.compare(a.name, b.name);
}

/** A name as a search compares it: lower case, accents gone ("São João" is found by "sao joao"). */
export function searchKey(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/**
 * A store under a chip. "Needs attention" is any alert the server raised; "closed" is every store
 * that is neither open nor paused (out of hours, closed by a problem, no operation set up).
 */
export function inFilter(store: WallStore, filter: WallFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'attention':
      return store.alerts.length > 0;
    case 'paused':
      return store.summary === 'paused';
    case 'closed':
      return store.summary === 'closed' || store.summary === 'problem' || store.summary === 'unavailable';
  }
}

/** A store with its search key, computed once per wall (not per keystroke, not per row). */
export interface IndexedStore {
  store: WallStore;
  key: string;
}

/** The wall in its order, each store with its search key. */
export function indexWall(stores: readonly WallStore[]): IndexedStore[] {
  return [...stores].sort(byAttention).map((store) => ({ store, key: searchKey(store.name) }));
}

/** The stores a group chose (null: every store, no group chosen). */
export type GroupStores = ReadonlySet<string> | null;

/** The stores the search, the chip and the group leave on screen, in the wall's order. */
export function visibleStores(indexed: readonly IndexedStore[], search: string, filter: WallFilter, group: GroupStores = null): WallStore[] {
  const wanted = searchKey(search);
  const shown: WallStore[] = [];
  for (const { store, key } of indexed) {
    if ((wanted === '' || key.includes(wanted)) && inFilter(store, filter) && (group === null || group.has(store.storeId))) shown.push(store);
  }
  return shown;
}

/** How many stores each chip would show within the group (the search aside). */
export function filterCounts(stores: readonly WallStore[], group: GroupStores = null): Record<WallFilter, number> {
  const counts: Record<WallFilter, number> = { all: 0, attention: 0, paused: 0, closed: 0 };
  for (const store of stores) {
    if (group !== null && !group.has(store.storeId)) continue;
    for (const filter of WALL_FILTERS) if (inFilter(store, filter)) counts[filter] += 1;
  }
  return counts;
}
