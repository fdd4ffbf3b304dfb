import { randomUUID } from 'node:crypto';
import { AppError } from '../../../src-shared/errors';
import type { Approval, StaffPerson, StaffState } from '../../../src-shared/ipc/channels/staff';
import type { CostlyAction, StaffRole } from '../../../src-shared/staff/staff-rules';
import { hashSecret, verifySecret } from '../../auth/secret-hash';
import type { Clock } from '../../base/clock';
import type { StaffRecord, StaffRepo } from '../../db/orders/staff-repo';
import { deviceKey, personKey, PinTries } from './pin-tries';

/** This terminal's own windows, as a device: paired screens are named by the hub from their credential. */
export const THIS_TERMINAL = 'terminal';
/** A manager's PIN covers one action, made within this long. */
export const APPROVAL_MS = 2 * 60_000;
const DEFAULT_CONFIG = { sign_in: 0 as const, idle_minutes: 5 };

const view = (r: StaffRecord): StaffPerson => ({ id: r.id, name: r.name, role: r.role });

/**
 * The store's people and who works at each device (docs/staff.md): sign-in by PIN (wrong ones counted
 * per person and device), the return to nobody after the idle minutes, and a manager's approval of
 * one costly action on one device. Who is at a device is kept in memory: a restart signs everyone
 * out, as an idle return would.
 */
export class StaffDesk {
  readonly #tries: PinTries;
  readonly #at = new Map<string, { personId: string; lastMs: number }>();
  readonly #approvals = new Map<string, { by: StaffRecord; untilMs: number }>();

  constructor(
    private readonly repo: StaffRepo,
    private readonly clock: Clock,
  ) {
    this.#tries = new PinTries(repo);
  }

  config(): { signIn: boolean; idleMinutes: number } {
    const c = this.repo.config() ?? DEFAULT_CONFIG;
    return { signIn: c.sign_in === 1, idleMinutes: c.idle_minutes };
  }

  /** Who works at the device now (nobody once its idle minutes passed without an action). */
  current(device: string): StaffRecord | undefined {
    const at = this.#at.get(device);
    if (!at) return undefined;
    const person = this.repo.person(at.personId);
    if (!person || person.removed_ms !== null || this.clock.now() - at.lastMs > this.config().idleMinutes * 60_000) {
      this.#at.delete(device);
      return undefined;
    }
    return person;
  }

  /** An action at the device: its person stays on. */
  touched(device: string): void {
    const at = this.#at.get(device);
    if (at) at.lastMs = this.clock.now();
  }

  state(device: string): StaffState {
    const { signIn, idleMinutes } = this.config();
    const current = this.current(device);
    return { signIn, idleMinutes, people: this.repo.people().map(view), current: current ? view(current) : null };
  }

  hasManager(): boolean {
    return this.repo.people().some((p) => p.role === 'manager');
  }

  async signIn(device: string, personId: string, pin: string): Promise<StaffState> {
    const person = await this.verified(device, personId, pin);
    this.#at.set(device, { personId: person.id, lastMs: this.clock.now() });
    return this.state(device);
  }

  signOut(device: string): StaffState {
    this.#at.delete(device);
    return this.state(device);
  }

  /** A manager's PIN for one costly action on this device, used by the next such call within APPROVAL_MS. */
  async approve(device: string, personId: string, pin: string, action: CostlyAction): Promise<Approval> {
    const person = await this.verified(device, personId, pin);
    if (person.role !== 'manager') throw new AppError('forbidden', `${person.name} is not a manager: a manager's PIN approves this`);
    const untilMs = this.clock.now() + APPROVAL_MS;
    this.#approvals.set(`${device}|${action}`, { by: person, untilMs });
    return { approvedBy: view(person), action, until: new Date(untilMs).toISOString() };
  }

  /** The manager who approved this action on this device, the approval used up; undefined if none stands. */
  takeApproval(device: string, action: CostlyAction): StaffRecord | undefined {
    const key = `${device}|${action}`;
    const approval = this.#approvals.get(key);
    this.#approvals.delete(key);
    return approval && approval.untilMs >= this.clock.now() ? approval.by : undefined;
  }

  async save(input: { id?: string | undefined; name: string; role: StaffRole; pin?: string | undefined }): Promise<void> {
    const before = input.id ? this.repo.person(input.id) : undefined;
    if (input.id && (!before || before.removed_ms !== null)) throw new AppError('not-found', 'this person is no longer on the team');
    if (!before && !input.pin) throw new AppError('validation', 'a new person needs a PIN', { field: 'pin' });
    const taken = this.repo.people().find((p) => p.name.toLocaleLowerCase() === input.name.toLocaleLowerCase() && p.id !== input.id);
    if (taken) throw new AppError('conflict', `someone on the team is already called ${taken.name}: staff pick their name from a list`, { field: 'name' });
    if (before?.role === 'manager' && input.role !== 'manager' && this.managers() === 1) {
      throw new AppError('conflict', 'the last manager stays a manager: make someone else one first');
    }
    this.repo.save({
      id: before?.id ?? randomUUID(),
      name: input.name,
      role: input.role,
      pin_hash: input.pin ? await hashSecret(input.pin) : (before?.pin_hash ?? ''),
      created_ms: before?.created_ms ?? this.clock.now(),
      removed_ms: null,
    });
  }

  remove(id: string): void {
    const person = this.repo.person(id);
    if (!person || person.removed_ms !== null) throw new AppError('not-found', 'this person is no longer on the team');
    if (person.role === 'manager' && this.managers() === 1 && this.config().signIn) {
      throw new AppError('conflict', 'the last manager cannot go while sign-in is on: nobody could approve what costs money');
    }
    this.repo.remove(id, this.clock.now());
    for (const [device, at] of this.#at) if (at.personId === id) this.#at.delete(device);
  }

  configure(signIn: boolean, idleMinutes: number): void {
    if (signIn && !this.hasManager()) throw new AppError('conflict', 'add a manager first: with sign-in on, costly actions need a manager\u2019s PIN');
    this.repo.saveConfig({ sign_in: signIn ? 1 : 0, idle_minutes: idleMinutes });
  }

  private managers(): number {
    return this.repo.people().filter((p) => p.role === 'manager').length;
  }

  /** The person, once the PIN is theirs; a wrong one is counted on the person and the device. */
  private async verified(device: string, personId: string, pin: string): Promise<StaffRecord> {
    const person = this.repo.person(personId);
    if (!person || person.removed_ms !== null) throw new AppError('not-found', 'this person is no longer on the team');
    const keys = [personKey(person.id), deviceKey(device)];
    const now = this.clock.now();
    this.#tries.check(keys, now);
    // Counted before the hash is checked (the right PIN forgives it): tries sent all at once are
    // counted one by one, never all let through while the first is being hashed.
    this.#tries.failed(keys, now);
    if (!(await verifySecret(pin, person.pin_hash))) throw new AppError('wrong-pin', `wrong PIN for ${person.name}`);
    this.#tries.succeeded(keys);
    return person;
  }
}
