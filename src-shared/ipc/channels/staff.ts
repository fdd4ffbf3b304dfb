import { z } from 'zod';
import { channel, noInput } from '../channel';
import { CostlyAction, Pin, StaffName, StaffRole } from '../../staff/staff-rules';

/**
 * Staff (docs/staff.md): who works at this device, the store's people, a manager's approval of a
 * costly action, and the trail of who did what. Every device (this terminal, each paired screen)
 * has its own person; the people and the trail are the terminal's (a hub's, for its screens).
 */
const IsoTime = z.string();
const PersonId = z.string().uuid();

export const StaffPerson = z.object({ id: PersonId, name: StaffName, role: StaffRole });
export type StaffPerson = z.infer<typeof StaffPerson>;

export const StaffState = z.object({
  /** Sign-in on: actions need a person at the device, costly ones a manager's PIN. Off: the trail names the device. */
  signIn: z.boolean(),
  /** A device returns to nobody after this long without an action. */
  idleMinutes: z.number().int(),
  people: z.array(StaffPerson),
  /** Who works at the calling device, or nobody. */
  current: StaffPerson.nullable(),
});
export type StaffState = z.infer<typeof StaffState>;

/** A manager's PIN for one costly action, at the moment of it (docs/staff.md). */
export const Approval = z.object({ approvedBy: StaffPerson, action: CostlyAction, until: IsoTime });
export type Approval = z.infer<typeof Approval>;

/** What an action came to: made, queued to go when the link is back, or refused (and why). */
export const TrailOutcome = z.enum(['done', 'queued', 'refused']);

export const TrailEntry = z.object({
  at: IsoTime,
  /** Null: nobody was signed in, or sign-in is off — the device did it. */
  person: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The paired screen's name; null: this terminal. */
  device: z.string().nullable(),
  channel: z.string(),
  action: z.string().nullable(),
  orderId: z.string().nullable(),
  merchantId: z.string().nullable(),
  /** The manager whose PIN approved it. */
  approvedBy: z.string().nullable(),
  outcome: TrailOutcome,
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type TrailEntry = z.infer<typeof TrailEntry>;

/** A person added (no id) or changed, on a terminal's Settings › Team or a chain console's store page. */
export const SavePerson = z
  .object({
    /** Absent: a new person. */
    id: PersonId.optional(),
    name: StaffName,
    role: StaffRole,
    /** Required for a new person; absent keeps the PIN. */
    pin: Pin.optional(),
  })
  .strict();

export const staffChannels = {
  'staff:state': channel(noInput, StaffState),
  'staff:signIn': channel(z.object({ personId: PersonId, pin: Pin }).strict(), StaffState),
  'staff:signOut': channel(noInput, StaffState),
  'staff:approve': channel(z.object({ personId: PersonId, pin: Pin, action: CostlyAction }).strict(), Approval),
  'staff:save': channel(SavePerson, StaffState),
  'staff:remove': channel(z.object({ id: PersonId }).strict(), StaffState),
  'staff:configure': channel(z.object({ signIn: z.boolean(), idleMinutes: z.number().int().min(1).max(240) }).strict(), StaffState),
  'staff:trail': channel(
    z.object({ orderId: z.string().min(1).max(100).optional(), limit: z.number().int().min(1).max(500).default(100) }).strict(),
    z.object({ entries: z.array(TrailEntry) }),
  ),
} as const;

export const staffPushEvents = {
  /** The people or the switch changed: each device reads its own state again. */
  'staff:changed': z.object({}),
} as const;
