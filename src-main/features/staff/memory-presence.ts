import type { CostlyAction } from '../../../src-shared/staff/staff-rules';
import type { Presence, StaffPresence } from '../../db/staff-storage';

/** A terminal's devices and approvals, in memory: a restart signs everyone out, as an idle return would. */
export class MemoryPresence implements StaffPresence {
  readonly #at = new Map<string, Presence>();
  readonly #approvals = new Map<string, { personId: string; untilMs: number }>();

  at(device: string): Presence | undefined {
    return this.#at.get(device);
  }
  arrive(device: string, personId: string, nowMs: number): void {
    this.#at.set(device, { personId, lastMs: nowMs });
  }
  leave(device: string): void {
    this.#at.delete(device);
  }
  leaveAll(personId: string): void {
    for (const [device, at] of this.#at) if (at.personId === personId) this.#at.delete(device);
  }
  touch(device: string, nowMs: number): void {
    const at = this.#at.get(device);
    if (at) at.lastMs = nowMs;
  }
  approve(device: string, action: CostlyAction, personId: string, untilMs: number): void {
    this.#approvals.set(`${device}|${action}`, { personId, untilMs });
  }
  takeApproval(device: string, action: CostlyAction): { personId: string; untilMs: number } | undefined {
    const key = `${device}|${action}`;
    const approval = this.#approvals.get(key);
    this.#approvals.delete(key);
    return approval;
  }
}
