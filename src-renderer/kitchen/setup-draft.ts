import { KitchenSetup, type AgeLimits, type AgeOrderType, type Station } from '../../src-shared/ipc/channels/kitchen';

/** A fresh station's id: unique among the setup's, kept when the station is renamed. */
export function newStationId(setup: KitchenSetup, random: () => string = () => crypto.randomUUID().slice(0, 8)): string {
  let id: string;
  do id = `st-${random()}`;
  while (setup.stations.some((s) => s.id === id));
  return id;
}

export function addStation(setup: KitchenSetup, name: string, id: string): KitchenSetup {
  return { ...setup, stations: [...setup.stations, { id, name, categories: [] }] };
}

export function removeStation(setup: KitchenSetup, id: string): KitchenSetup {
  return { ...setup, stations: setup.stations.filter((s) => s.id !== id), defaultStationId: setup.defaultStationId === id ? null : setup.defaultStationId };
}

export function renameStation(setup: KitchenSetup, id: string, name: string): KitchenSetup {
  return { ...setup, stations: setup.stations.map((s) => (s.id === id ? { ...s, name } : s)) };
}

/**
 * A category tapped at a station: it joins the station (leaving the one that had it: a category
 * belongs to one station), or leaves it when the station had it.
 */
export function toggleCategory(setup: KitchenSetup, stationId: string, categoryId: string): KitchenSetup {
  const had = setup.stations.find((s) => s.id === stationId)?.categories.includes(categoryId) ?? false;
  const stations = setup.stations.map((s): Station => {
    const without = s.categories.filter((c) => c !== categoryId);
    return { ...s, categories: s.id === stationId && !had ? [...without, categoryId] : without };
  });
  return { ...setup, stations };
}

/** The station that has a category, if one does. */
export function stationWith(setup: KitchenSetup, categoryId: string): Station | undefined {
  return setup.stations.find((s) => s.categories.includes(categoryId));
}

/** The draft as the main process will take it, or null when it would be refused (a blank name, red before amber). */
export function checkedSetup(draft: KitchenSetup): KitchenSetup | null {
  const parsed = KitchenSetup.safeParse(draft);
  return parsed.success ? parsed.data : null;
}

/** Minutes typed in a setup's field: a whole number from 1 to 240, null for an empty field (no value of its own), undefined for anything else. */
export function typedMinutes(text: string): number | null | undefined {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 && value <= 240 ? value : undefined;
}

/** A category's or a dish's own preparation target (null: it takes its category's, or the default). */
export function withTarget(setup: KitchenSetup, scope: 'categories' | 'items', id: string, minutes: number | null): KitchenSetup {
  const { [id]: _dropped, ...others } = setup.targets[scope];
  return { ...setup, targets: { ...setup.targets, [scope]: minutes === null ? others : { ...others, [id]: minutes } } };
}

/** An order type's colours (null: the general pair, for dine-in and any other type). */
export function withAgeLimits(setup: KitchenSetup, type: AgeOrderType | null, limits: AgeLimits): KitchenSetup {
  if (type === null) return { ...setup, ...limits };
  return { ...setup, agesByType: { ...setup.agesByType, [type]: limits } };
}
