import type { StationSpeed } from '../../../src-shared/ipc/channels/kitchen';
import type { StationBumpRecord } from '../../db/orders/kitchen-timing-repo';

/** One station's ticket of an order: how long from the order's start to the station's bump. */
export interface StationSample {
  stationId: string;
  ms: number;
}

/** What one order tells of the stations' speed. */
export interface OrderBumps {
  /** When the kitchen's clock started on it (its ticket's `since`); null when unknown. */
  startMs: number | null;
  /** Cancelled: what was made was never served, and counts for no station. */
  cancelled: boolean;
  /** Each station's last standing bump of it. */
  bumps: readonly StationBumpRecord[];
  /** Stations with a line of it still waiting: their part is not done yet. */
  waiting: ReadonlySet<string>;
}

/**
 * A station's tickets of the span [from, to): each order whose part at the station was done within
 * it (every line of the station bumped), from the order's start to the station's last bump.
 */
export function stationSamples(order: OrderBumps, fromMs: number, toMs: number): StationSample[] {
  const { startMs } = order;
  if (order.cancelled || startMs === null) return [];
  return order.bumps
    .filter((b) => !order.waiting.has(b.station_id) && b.last_ms >= fromMs && b.last_ms < toMs)
    .map((b) => ({ stationId: b.station_id, ms: Math.max(0, b.last_ms - startMs) }));
}

/** The nearest-rank percentile of sorted values (p90 of ten tickets is the ninth). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? 0;
}

/**
 * Each station's average and p90 ticket time, in the setup's order (stations no longer in it after
 * them). A station with no ticket in the span is not listed: an empty day is an empty list.
 */
export function speedOfService(
  samples: readonly StationSample[],
  stationOrder: readonly string[],
  nameOf: (stationId: string) => string | null,
): StationSpeed[] {
  const byStation = new Map<string, number[]>();
  for (const s of samples) byStation.set(s.stationId, [...(byStation.get(s.stationId) ?? []), s.ms]);
  const rank = (id: string) => (stationOrder.includes(id) ? stationOrder.indexOf(id) : stationOrder.length);
  return [...byStation.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([stationId, times]) => {
      const sorted = [...times].sort((a, b) => a - b);
      const total = sorted.reduce((sum, ms) => sum + ms, 0);
      return {
        stationId,
        name: nameOf(stationId),
        tickets: sorted.length,
        averageSeconds: Math.round(total / sorted.length / 1000),
        p90Seconds: Math.round(percentile(sorted, 90) / 1000),
      };
    });
}
