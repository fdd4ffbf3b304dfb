import type { Wall, WallAlertKind, WallStore } from '../../../src-shared/console/console-api';
import type { RushStore } from '../../../src-shared/ipc/channels/rush';
import type { StoreStatusSnapshot } from '../../../src-shared/ipc/channels/stores';
import type { LoadLevel } from '../../../src-shared/store-rules/closure-rules';
import type { WallRecord } from '../db/chain-console';

/** A store whose terminals have all been silent this long is lost (a terminal's contact is written once a minute). */
export const TERMINALS_LOST_MS = 2 * 60_000;
/** A customer's request this close to its deadline, unanswered, needs someone now. */
export const REQUEST_DUE_MS = 3 * 60_000;
/** No poll for this long: nobody is reading the platform's orders. */
export const POLLING_LOST_MS = 60_000;

/** The platform's own words for why a store is not taking orders: a closed validation's title, else the entry's. */
function reasonOf(snapshot: StoreStatusSnapshot | undefined): string | null {
  if (!snapshot) return null;
  for (const entry of snapshot.entries) {
    const closed = entry.validations.find((v) => v.state !== 'OK' && v.message?.title);
    if (closed?.message?.title) return closed.message.title;
  }
  return snapshot.entries.find((e) => !e.available && e.message?.title)?.message?.title ?? null;
}

function alertsOf(record: WallRecord, snapshot: StoreStatusSnapshot | undefined, now: number, rush: RushStore | undefined): WallAlertKind[] {
  const alerts: WallAlertKind[] = [];
  // The platform is about to close the store by its own rules: its terminals' top bars say "risco de fechamento" now.
  if (rush && rush.warnings.length > 0) alerts.push('closure-risk');
  // Closed by an error while it should sell (a pause is the store's own choice; closed hours are expected).
  if (snapshot?.summary === 'problem') alerts.push('closed-in-hours');
  if (record.requestDueMs !== null && record.requestDueMs - now < REQUEST_DUE_MS) alerts.push('request-due');
  if (record.late > 0 || record.uncollected > 0) alerts.push('late-orders');
  const silent = record.lastContactMs === null || now - record.lastContactMs > TERMINALS_LOST_MS;
  if (record.paired > 0 && record.connected === 0 && silent) alerts.push('terminals-lost');
  // A ticket that does not print is an order the kitchen may not see: the terminal said so itself.
  if (record.printersOut > 0) alerts.push('printer-out');
  if (!snapshot || snapshot.error !== null) alerts.push('status-unread');
  return alerts;
}

const WEIGHT: Record<WallAlertKind, number> = {
  'request-due': 500,
  'late-orders': 400,
  'closure-risk': 350,
  'closed-in-hours': 300,
  'printer-out': 250,
  'terminals-lost': 200,
  'status-unread': 50,
};

/** A store in a rush is worth a look before its alerts come. */
const LOAD_WEIGHT: Record<LoadLevel, number> = { calm: 0, busy: 10, swamped: 60 };

/** One store on the wall: what the platform shows, its orders, its terminals, its rush, and how urgently it needs a look. */
export function wallStore(record: WallRecord, snapshot: StoreStatusSnapshot | undefined, now: number, rush?: RushStore): WallStore {
  const alerts = alertsOf(record, snapshot, now, rush);
  const summary = snapshot?.summary ?? 'unknown';
  const attention =
    alerts.reduce((sum, a) => sum + WEIGHT[a], 0) +
    LOAD_WEIGHT[rush?.level ?? 'calm'] +
    record.requests * 40 +
    (record.late + record.uncollected) * 20 +
    record.placed * 5 +
    (summary === 'paused' ? 30 : 0);
  return {
    storeId: record.storeId,
    name: record.name,
    summary,
    reason: reasonOf(snapshot),
    checkedAt: snapshot?.checkedAt ?? null,
    orders: {
      placed: record.placed,
      confirmed: record.confirmed,
      ready: record.ready,
      late: record.late,
      uncollected: record.uncollected,
      requests: record.requests,
      requestDueAt: record.requestDueMs === null ? null : new Date(record.requestDueMs).toISOString(),
    },
    terminals: { connected: record.connected, paired: record.paired, printersOut: record.printersOut },
    rush: { level: rush?.level ?? 'calm', warnings: rush?.warnings ?? [] },
    alerts,
    attention,
  };
}

/** The wall: most urgent first, then by name. */
export function statusWall(
  records: readonly WallRecord[],
  statusOf: (storeId: string) => StoreStatusSnapshot | undefined,
  now: number,
  lastPollMs: number | null,
  rushOf: (storeId: string) => RushStore | undefined = () => undefined,
): Wall {
  const stores = records.map((r) => wallStore(r, statusOf(r.storeId), now, rushOf(r.storeId)));
  stores.sort((a, b) => b.attention - a.attention || a.name.localeCompare(b.name, 'pt-BR'));
  return {
    at: new Date(now).toISOString(),
    lastPollAt: lastPollMs === null ? null : new Date(lastPollMs).toISOString(),
    pollingLost: lastPollMs === null || now - lastPollMs > POLLING_LOST_MS,
    stores,
  };
}
