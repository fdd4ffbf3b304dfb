/**
 * Kitchen timing: when each item of an order starts so that every item is ready at once — the
 * longest starts with the order, the others wait their difference ("fritas: começar 12:04"), rounded
 * to the nearest minute (what a cook reads) and never before the order starts: every item is ready
 * within half a minute of the others.
 */

const MINUTE = 60_000;

export interface TimedItem {
  key: string;
  /** How long the item takes, from started to ready. */
  targetMs: number;
}

export interface ItemStart {
  key: string;
  /** When to start it (the nearest whole minute, at or after the order's start). */
  startMs: number;
  /** When it will be ready if started then. */
  readyMs: number;
}

/** Each item's start so all finish together, from the order's preparation start. */
export function finishTogether(items: readonly TimedItem[], orderStartMs: number): ItemStart[] {
  const longest = Math.max(0, ...items.map((i) => i.targetMs));
  const together = orderStartMs + longest;
  return items.map(({ key, targetMs }) => {
    const startMs = Math.max(orderStartMs, Math.round((together - targetMs) / MINUTE) * MINUTE);
    return { key, startMs, readyMs: startMs + targetMs };
  });
}
