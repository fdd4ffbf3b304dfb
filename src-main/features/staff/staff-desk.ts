import { randomUUID } from 'node:crypto';
import { AppError } from '../../../src-shared/errors';
import type { Approval, StaffPerson, StaffState } from '../../../src-shared/ipc/channels/staff';
import type { CostlyAction, StaffRole } from '../../../src-shared/staff/staff-rules';
import { hashSecret, verifySecret } from '../../auth/secret-hash';
import type { Clock } from '../../base/clock';
import type { StaffPresence, StaffRecord, StaffStorage } from '../../db/staff-storage';
import { MemoryPresence } from './memory-presence';
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
 * one costly action on one device. Over a team's storage (a terminal's SQLite, a chain's PostgreSQL
 * per store) and where it keeps who is at each device (a terminal: in memory, so a restart signs
 * everyone out, as an idle return would).
 */
export class StaffDesk {
  readonly #tries: PinTries;

  constructor(
    private readonly repo: StaffStorage,
    private readonly clock: Clock,
    private readonly presence: StaffPresence = new MemoryPresence(),
  ) {
    this.#tries = new PinTries(repo);
  }

  async config(): Promise<{ signIn: boolean; idleMinutes: number }> {
    const c = (await this.repo.config()) ?? DEFAULT_CONFIG;
    return { signIn: c.sign_in === 1, idleMinutes: c.idle_minutes };
  }

  /** Who works at the device now (nobody once its idle minutes passed without an action). */
  async current(device: string): Promise<StaffRecord | undefined> {
    const at = await this.presence.at(device);
    if (!at) return undefined;
    const person = await this.repo.person(at.personId);
    if (!person || person.removed_ms !== null || this.clock.now() - at.lastMs > (await this.config()).idleMinutes * 60_000) {
      await this.presence.leave(device);
      return undefined;
    }
    return person;
  }

  /** An action at the device: its person stays on. */
  async touched(device: string): Promise<void> {
    await this.presence.touch(device, this.clock.now());
  }

  async state(device: string): Promise<StaffState> {
    const [{ signIn, idleMinutes }, current, people] = await Promise.all([this.config(), this.current(device), this.repo.people()]);
    return { signIn, idleMinutes, people: people.map(view), current: current ? view(current) : null };
  }

  async hasManager(): Promise<boolean> {
    return (await this.managers()) > 0;
  }

  async signIn(device: string, personId: string, pin: string): Promise<StaffState> {
    const person = await this.verified(device, personId, pin);
    await this.presence.arrive(device, person.id, this.clock.now());
    return this.state(device);
  }

  async signOut(device: string): Promise<StaffState> {
    await this.presence.leave(device);
    return this.state(device);
  }

  /** A manager's PIN for one costly action on this device, used by the next such call within APPROVAL_MS. */
  async approve(device: string, personId: string, pin: string, action: CostlyAction): Promise<Approval> {
    const person = await this.verified(device, personId, pin);
    if (person.role !== 'manager') throw new AppError('forbidden', `${person.name} is not a manager: a manager's PIN approves this`);
    const untilMs = this.clock.now() + APPROVAL_MS;
    await this.presence.approve(device, action, person.id, untilMs);
    return { approvedBy: view(person), action, until: new Date(untilMs).toISOString() };
  }

  /** The manager who approved this action on this device, the approval used up; undefined if none stands. */
  async takeApproval(device: string, action: CostlyAction): Promise<StaffRecord | undefined> {
    const approval = await this.presence.takeApproval(device, action);
    return approval && approval.untilMs >= this.clock.now() ? this.repo.person(approval.personId) : undefined;
  }

  async save(input: { id?: string | undefined; name: string; role: StaffRole; pin?: string | undefined }): Promise<void> {
    const before = input.id ? await this.repo.person(input.id) : undefined;
    if (input.id && (!before || before.removed_ms !== null)) throw new AppError('not-found', 'this person is no longer on the team');
    if (!before && !input.pin) throw new AppError('validation', 'a new person needs a PIN', { field: 'pin' });
    const taken = (await this.repo.people()).find((p) => p.name.toLocaleLowerCase() === input.name.toLocaleLowerCase() && p.id !== input.id);
    if (taken) throw new AppError('conflict', `someone on the team is already called ${taken.name}: staff pick their name from a list`, { field: 'name' });
    if (before?.role === 'manager' && input.role !== 'manager' && (await this.managers()) === 1) {
      throw new AppError('conflict', 'the last manager stays a manager: make someone else one first');
    }
    await this.repo.save({
      id: before?.id ?? randomUUID(),
      name: input.name,
      role: input.role,
      pin_hash: input.pin ? await hashSecret(input.pin) : (before?.pin_hash ?? ''),
      created_ms: before?.created_ms ?? this.clock.now(),
      removed_ms: null,
    });
  }

  async remove(id: string): Promise<void> {
    const person = await this.repo.person(id);
    if (!person || person.removed_ms !== null) throw new AppError('not-found', 'this person is no longer on the team');
    if (person.role === 'manager' && (await this.managers()) === 1 && (await this.config()).signIn) {
      throw new AppError('conflict', 'the last manager cannot go while sign-in is on: nobody could approve what costs money');
    }
    await this.repo.remove(id, this.clock.now());
    await this.presence.leaveAll(id);
  }

  async configure(signIn: boolean, idleMinutes: number): Promise<void> {
    if (signIn && !(await this.hasManager())) throw new AppError('conflict', 'add a manager first: with sign-in on, costly actions need a manager\u2019s PIN');
    await this.repo.saveConfig({ sign_in: signIn ? 1 : 0, idle_minutes: idleMinutes });
  }

  private async managers(): Promise<number> {
    return (await this.repo.people()).filter((p) => p.role === 'manager').length;
  }

  /** The person, once the PIN is theirs; a wrong one is counted on the person and the device. */
  private async verified(device: string, personId: string, pin: string): Promise<StaffRecord> {
    const person = await this.repo.person(personId);
    if (!person || person.removed_ms !== null) throw new AppError('not-found', 'this person is no longer on the team');
    const keys = [personKey(person.id), deviceKey(device)];
    await this.#tries.counted(keys, this.clock.now());
    if (!(await verifySecret(pin, person.pin_hash))) throw new AppError('wrong-pin', `wrong PIN for ${person.name}`);
    await this.#tries.succeeded(keys);
    return person;
  }
}
