import { z } from 'zod';
import { SavePerson, StaffPerson, staffChannels, TrailEntry } from '../ipc/channels/staff';
import { StoreSummary } from '../ipc/channels/stores';
import { ClosureWarning, LoadLevel } from '../store-rules/closure-rules';
import { MAX_SHIFTS } from '../store-rules/opening-hours';
import { PromotionDraft } from '../store-rules/promotion';
import { NewShift } from '../wire/merchant';

/**
 * The chain's manager console: what its page and the chain server say to each other over HTTPS
 * (`/api/...` on the console's listener). Each body is parsed on both sides with these schemas.
 * docs/chain-console.md.
 */

/** owner: everything; area_manager: only the stores of their groups; viewer: sees, never acts. */
export const ConsoleRole = z.enum(['owner', 'area_manager', 'viewer']);
export type ConsoleRole = z.infer<typeof ConsoleRole>;

export const CONSOLE_LOGIN_MAX = 120;
export const CONSOLE_PASSWORD_MIN = 10;
export const CONSOLE_PASSWORD_MAX = 200;

export const SignInInput = z.object({
  login: z.string().trim().toLowerCase().min(1).max(CONSOLE_LOGIN_MAX),
  password: z.string().min(1).max(CONSOLE_PASSWORD_MAX),
});
export type SignInInput = z.infer<typeof SignInInput>;

/** Who is signed in; `csrfToken` goes back in the `x-csrf-token` header of every change. */
export const ConsoleMe = z.object({
  login: z.string(),
  name: z.string(),
  role: ConsoleRole,
  csrfToken: z.string(),
});
export type ConsoleMe = z.infer<typeof ConsoleMe>;

/** Why the console refused, in one word the page words for its reader. */
export const ConsoleErrorKind = z.enum(['unauthenticated', 'forbidden', 'csrf', 'locked', 'rate-limited', 'invalid', 'not-found', 'unavailable']);
export type ConsoleErrorKind = z.infer<typeof ConsoleErrorKind>;

export const ConsoleError = z.object({
  error: z.object({ kind: ConsoleErrorKind, message: z.string(), retryAfterSeconds: z.number().int().nullish() }),
});
export type ConsoleError = z.infer<typeof ConsoleError>;

/** What needs a manager's eye at a store, most urgent first in `WallStore.alerts`. */
export const WallAlertKind = z.enum(['closed-in-hours', 'request-due', 'closure-risk', 'terminals-lost', 'printer-out', 'late-orders', 'status-unread']);
export type WallAlertKind = z.infer<typeof WallAlertKind>;

export const WallStore = z.object({
  storeId: z.string(),
  name: z.string(),
  /** What the platform shows, as the terminal's top bar words it. */
  summary: StoreSummary,
  /** The platform's own words for a closed or paused store (a validation's title), when it gives some. */
  reason: z.string().nullable(),
  /** When the platform's status was last read; null before the first read. */
  checkedAt: z.string().nullable(),
  orders: z.object({
    placed: z.number().int(),
    confirmed: z.number().int(),
    ready: z.number().int(),
    /** Placed orders past their confirmation deadline. */
    late: z.number().int(),
    /** Orders ready for more than 10 minutes and not collected. */
    uncollected: z.number().int(),
    /** Customers' requests (disputes, address changes) waiting for the store's answer, and the soonest deadline. */
    requests: z.number().int(),
    requestDueAt: z.string().nullable(),
  }),
  /** The store's terminals connected across the replicas, those paired, and the printers out on the connected ones (as they reported them). */
  terminals: z.object({ connected: z.number().int(), paired: z.number().int(), printersOut: z.number().int() }),
  /** The store's rush gauge (docs/rush-guard.md), as its terminals' top bars say it: the word, and the warnings before a closure rule would fire. */
  rush: z.object({ level: LoadLevel, warnings: z.array(ClosureWarning) }),
  alerts: z.array(WallAlertKind),
  /** Higher needs attention sooner: the wall's default order. */
  attention: z.number().int(),
});
export type WallStore = z.infer<typeof WallStore>;

export const Wall = z.object({
  at: z.string(),
  /** The chain's last good poll of the platform, any replica's; null before the first. */
  lastPollAt: z.string().nullable(),
  /** No replica has polled the platform for a minute: the platform closes every store after 30 s. */
  pollingLost: z.boolean(),
  stores: z.array(WallStore),
});
export type Wall = z.infer<typeof Wall>;

/** An open order on a store's page (read-only: the store's terminals act on it). */
export const StorePageOrder = z.object({
  orderId: z.string(),
  displayId: z.string().nullable(),
  status: z.string(),
  orderType: z.string().nullable(),
  createdAt: z.string().nullable(),
  confirmDeadline: z.string().nullable(),
  customerName: z.string().nullable(),
  total: z.number().nullable(),
  /** Placed and past its confirmation deadline. */
  late: z.boolean(),
});
export type StorePageOrder = z.infer<typeof StorePageOrder>;

/** One of the store's latest events, as the platform named it. */
export const StorePageEvent = z.object({ at: z.string().nullable(), orderId: z.string().nullable(), displayId: z.string().nullable(), code: z.string() });
export type StorePageEvent = z.infer<typeof StorePageEvent>;

/** A store's busy mode on the chain's server (docs/rush-guard.md): paused by itself for `minutes` when swamped. */
export const StoreBusyMode = z.object({ on: z.boolean(), minutes: z.number().int().min(5).max(60) });
export type StoreBusyMode = z.infer<typeof StoreBusyMode>;

/** A store's page: its row of the wall, its board of open orders and its latest events, and its busy mode. */
/**
 * A store's team on its page (docs/staff.md, "On a chain"): its people, its sign-in switch and idle
 * minutes, and its trail's latest lines (newest first) — the same people and lines its terminals have.
 */
export const StoreTeam = z.object({ people: z.array(StaffPerson), signIn: z.boolean(), idleMinutes: z.number().int(), trail: z.array(TrailEntry) });
export type StoreTeam = z.infer<typeof StoreTeam>;
/** A person added (no id: the PIN required) or changed (the role, or a new PIN): the terminal's Settings › Team's input. */
export const StoreTeamPersonInput = SavePerson;
export type StoreTeamPersonInput = z.infer<typeof StoreTeamPersonInput>;
export const StoreTeamRemoveInput = staffChannels['staff:remove'].input;
export type StoreTeamRemoveInput = z.infer<typeof StoreTeamRemoveInput>;
export const StoreTeamSignInInput = staffChannels['staff:configure'].input;
export type StoreTeamSignInInput = z.infer<typeof StoreTeamSignInInput>;

export const StorePage = z.object({ store: WallStore, orders: z.array(StorePageOrder), events: z.array(StorePageEvent), busyMode: StoreBusyMode });
export type StorePage = z.infer<typeof StorePage>;

export const BULK_STORES_MAX = 500;
/** The stores a bulk action names (platform store ids). */
const BulkStores = z.array(z.string().min(1).max(64)).min(1).max(BULK_STORES_MAX);

/** Pause many stores at once: each store's pause goes through the chain's store outbox, once. */
export const BulkPauseInput = z.object({
  stores: BulkStores,
  description: z.string().trim().min(1).max(200),
  end: z.iso.datetime({ offset: true }),
});
export type BulkPauseInput = z.infer<typeof BulkPauseInput>;

/** Sell a product out (or back) in many stores at once, by its external code, as item and add-on: through each store's outbox, once. */
export const BulkSoldOutInput = z.object({
  stores: BulkStores,
  externalCode: z.string().trim().min(1).max(50),
  status: z.enum(['UNAVAILABLE', 'AVAILABLE']),
});
export type BulkSoldOutInput = z.infer<typeof BulkSoldOutInput>;

/** Apply one week of opening hours to many stores (a complete replacement in each). */
export const BulkHoursInput = z.object({
  stores: BulkStores,
  shifts: z.array(NewShift).min(1).max(MAX_SHIFTS),
});
export type BulkHoursInput = z.infer<typeof BulkHoursInput>;

/** Create one promotion in many stores at once (the Promotions page's rules): through each store's outbox, once. */
export const BulkPromotionInput = z.object({ stores: BulkStores, draft: PromotionDraft });
export type BulkPromotionInput = z.infer<typeof BulkPromotionInput>;

export const BulkKind = z.enum(['pause', 'sold-out', 'hours', 'promotion']);
export type BulkKind = z.infer<typeof BulkKind>;

/** One store's part of a bulk action: waiting, done on the platform, or failed with the platform's reason. */
export const BulkStoreState = z.enum(['queued', 'done', 'failed', 'cancelled']);
export const BulkStoreResult = z.object({ storeId: z.string(), state: BulkStoreState, reason: z.string().nullable() });
export type BulkStoreResult = z.infer<typeof BulkStoreResult>;

export const BulkView = z.object({
  bulkId: z.string(),
  kind: BulkKind,
  createdAt: z.string(),
  stores: z.array(BulkStoreResult),
});
export type BulkView = z.infer<typeof BulkView>;

/** A period of a report: from (inclusive) to (exclusive), ISO instants; at most 400 days. */
export const ReportQuery = z
  .object({
    from: z.iso.datetime({ offset: true }),
    to: z.iso.datetime({ offset: true }),
    compareFrom: z.iso.datetime({ offset: true }).optional(),
    compareTo: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((q) => Date.parse(q.from) < Date.parse(q.to) && Date.parse(q.to) - Date.parse(q.from) <= 400 * 86_400_000, 'from before to, at most 400 days')
  .refine((q) => (q.compareFrom === undefined) === (q.compareTo === undefined), 'compareFrom and compareTo go together');
export type ReportQuery = z.infer<typeof ReportQuery>;

/** One store over one period. Times in milliseconds; null when no order of the period reached that step. */
export const ReportRow = z.object({
  storeId: z.string(),
  name: z.string(),
  orders: z.number().int(),
  /** Sum of the totals of the orders not cancelled. */
  sales: z.number(),
  confirmP50Ms: z.number().nullable(),
  confirmP90Ms: z.number().nullable(),
  readyP50Ms: z.number().nullable(),
  /** Share of the period's orders confirmed (or cancelled unconfirmed) after their deadline, 0 to 1. */
  lateShare: z.number(),
  cancelled: z.number().int(),
  /** Cancellations by the platform's code (its timeouts included). */
  cancelledBy: z.record(z.string(), z.number().int()),
  /** The platform's score now (1 to 5, its last three months' valid reviews) and how many reviews count; null before it is read or while none counts. */
  rating: z.number().nullable(),
  ratedReviews: z.number().int().nullable(),
});
export type ReportRow = z.infer<typeof ReportRow>;

export const ReportPeriod = z.object({ from: z.string(), to: z.string(), stores: z.array(ReportRow) });
export const Report = z.object({ periods: z.array(ReportPeriod).min(1).max(2) });
export type Report = z.infer<typeof Report>;

/** An account as the owner manages it from the console; `groups` the store groups an area manager sees. */
export const ConsoleAccount = z.object({
  login: z.string(),
  name: z.string(),
  role: ConsoleRole,
  groups: z.array(z.string()),
  /** Locked after repeated wrong passwords, until then; null when not locked. */
  lockedUntil: z.string().nullable(),
  createdAt: z.string(),
});
export type ConsoleAccount = z.infer<typeof ConsoleAccount>;
export const ConsoleAccountList = z.object({ accounts: z.array(ConsoleAccount) });
export type ConsoleAccountList = z.infer<typeof ConsoleAccountList>;

export const NewAccountInput = z.object({
  login: SignInInput.shape.login,
  name: z.string().trim().min(1).max(80),
  role: ConsoleRole,
  password: z.string().min(CONSOLE_PASSWORD_MIN).max(CONSOLE_PASSWORD_MAX),
});
export type NewAccountInput = z.infer<typeof NewAccountInput>;

export const RemoveAccountInput = z.object({ login: SignInInput.shape.login });
export type RemoveAccountInput = z.infer<typeof RemoveAccountInput>;

/** A group of stores (a region, a brand) with the area managers who see and act on it. */
export const StoreGroup = z.object({ id: z.string(), name: z.string(), stores: z.array(z.string()), managers: z.array(z.string()) });
export type StoreGroup = z.infer<typeof StoreGroup>;
export const StoreGroupList = z.object({ groups: z.array(StoreGroup) });
export type StoreGroupList = z.infer<typeof StoreGroupList>;

/** A group made (no id) or replaced whole (its id): its name, every store and every manager. */
export const StoreGroupInput = z.object({
  id: z
    .string()
    .regex(/^[0-9a-f]{16}$/)
    .optional(),
  name: z.string().trim().min(1).max(80),
  stores: z.array(z.string().min(1).max(64)).max(BULK_STORES_MAX),
  managers: z.array(SignInInput.shape.login).max(100),
});
export type StoreGroupInput = z.infer<typeof StoreGroupInput>;
