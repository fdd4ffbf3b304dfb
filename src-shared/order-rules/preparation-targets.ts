import type { PreparationTargets } from '../ipc/channels/kitchen';

/** A record's own entry (an id such as `constructor` is never the prototype's). */
const own = (record: Readonly<Record<string, number>>, key: string | null): number | undefined =>
  key !== null && Object.hasOwn(record, key) ? record[key] : undefined;

/**
 * A dish's preparation target in minutes: its own, else its category's, else the kitchen's default.
 * The main process gives each ticket line its target; Settings shows the same resolution.
 */
export function targetMinutes(targets: PreparationTargets, itemId: string | null, categoryId: string | null): number {
  return own(targets.items, itemId) ?? own(targets.categories, categoryId) ?? targets.defaultMinutes;
}
