import type { TrailEntry } from '../../src-shared/ipc/channels/staff';
import type { CostlyAction } from '../../src-shared/staff/staff-rules';

/**
 * Where a team is kept (docs/staff.md): one desk, pin tries and guard (features/staff/) over two
 * storages — a terminal's order database (SQLite, answering at once) and a chain's PostgreSQL, one
 * team per store (answering later). Every method may answer either way; the desk awaits them all.
 */
export type Answer<T> = T | Promise<T>;

export interface StaffRecord {
  id: string;
  name: string;
  role: 'staff' | 'manager';
  pin_hash: string;
  created_ms: number;
  removed_ms: number | null;
}

export interface TriesRecord {
  key: string;
  failures: number;
  last_failure_ms: number;
  locked_until_ms: number | null;
}

export interface StaffConfigRecord {
  sign_in: 0 | 1;
  idle_minutes: number;
}

/** A team's people, their wrong PINs and its sign-in switch. */
export interface StaffStorage {
  /** Everyone still on the team, by name. */
  people(): Answer<StaffRecord[]>;
  /** A person of this team by id, removed or not (the trail names the removed too). */
  person(id: string): Answer<StaffRecord | undefined>;
  save(record: StaffRecord): Answer<void>;
  remove(id: string, at: number): Answer<boolean>;
  /**
   * Reads these keys' tries and writes what `change` makes of them, as one step no other try comes
   * between: tries sent at once are counted one by one. `change` may throw: nothing is written.
   */
  changeTries(keys: readonly string[], change: (current: ReadonlyMap<string, TriesRecord>) => TriesRecord[]): Answer<void>;
  clearTries(keys: readonly string[]): Answer<void>;
  config(): Answer<StaffConfigRecord | undefined>;
  saveConfig(record: StaffConfigRecord): Answer<void>;
}

/** Who works at a device since when, as the desk last heard. */
export interface Presence {
  personId: string;
  lastMs: number;
}

/**
 * Who works at each device and the managers' approvals standing: in memory on a terminal (a
 * restart signs everyone out), in the chain's database on its server (a terminal that reconnects
 * to another replica keeps its person).
 */
export interface StaffPresence {
  at(device: string): Answer<Presence | undefined>;
  arrive(device: string, personId: string, nowMs: number): Answer<void>;
  leave(device: string): Answer<void>;
  /** A person removed from the team leaves every device. */
  leaveAll(personId: string): Answer<void>;
  touch(device: string, nowMs: number): Answer<void>;
  approve(device: string, action: CostlyAction, personId: string, untilMs: number): Answer<void>;
  /** The approval of this action on this device, taken (used up) whether or not it is still good. */
  takeApproval(device: string, action: CostlyAction): Answer<{ personId: string; untilMs: number } | undefined>;
}

export interface TrailRecord {
  at_ms: number;
  person_id: string | null;
  person_name: string | null;
  device_id: string | null;
  device_name: string | null;
  channel: string;
  action: string | null;
  order_id: string | null;
  merchant_id: string | null;
  approved_by: string | null;
  outcome: 'done' | 'queued' | 'refused';
  outbox_id: number | null;
  error_code: string | null;
  error_message: string | null;
}

/** Where a team's trail goes: appended, never changed. */
export interface TrailWriter {
  add(record: TrailRecord): Answer<void>;
}

/** A team's trail as `staff:trail` reads it. */
export interface TrailReader {
  /** An order's lines, oldest first (the drawer tells its story in order). */
  ofOrder(orderId: string, limit: number): Answer<TrailRecord[]>;
  /** The newest lines first. */
  latest(limit: number): Answer<TrailRecord[]>;
}

/** A line as the screens, the console and the diagnostics file read it (the outbox's id stays in the database). */
export function trailEntry(r: TrailRecord): TrailEntry {
  return {
    at: new Date(r.at_ms).toISOString(),
    person: r.person_id && r.person_name ? { id: r.person_id, name: r.person_name } : null,
    device: r.device_name,
    channel: r.channel,
    action: r.action,
    orderId: r.order_id,
    merchantId: r.merchant_id,
    approvedBy: r.approved_by,
    outcome: r.outcome,
    error: r.error_code ? { code: r.error_code, message: r.error_message ?? '' } : null,
  };
}
