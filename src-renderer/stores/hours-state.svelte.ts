import type { ErrorInfo } from '../../src-shared/errors';
import {
  checkOpeningHours,
  formatClock,
  minutesBetween,
  parseClock,
  shiftEnd,
  toWireStart,
  type DayOfWeek,
  type HoursCheck,
  type ShiftLike,
} from '../../src-shared/store-rules/opening-hours';
import { DAYS_OF_WEEK, type NewShift, type Shift } from '../../src-shared/wire/merchant';
import type { Bridge } from '../../src-shared/ipc/contract';
import type { Now } from '../lib/now.svelte';
import { KeyedReads } from '../lib/reads.svelte';
import type { StoreActionsState } from '../store-actions/store-actions-state.svelte';

/** One shift as the editor holds it: opening and closing clock times (`HH:MM`), store time. */
export interface ShiftDraft {
  key: number;
  dayOfWeek: DayOfWeek;
  start: string;
  end: string;
}

let nextKey = 1;

function toDraft(shift: Shift): ShiftDraft {
  const start = parseClock(shift.start);
  return {
    key: nextKey++,
    dayOfWeek: (DAYS_OF_WEEK as readonly string[]).includes(shift.dayOfWeek) ? (shift.dayOfWeek as DayOfWeek) : 'MONDAY',
    start: start === null ? shift.start : formatClock(start),
    end: shiftEnd(shift)?.clock ?? '',
  };
}

export function draftAsShift(draft: ShiftDraft): ShiftLike {
  return { dayOfWeek: draft.dayOfWeek, start: toWireStart(draft.start), duration: minutesBetween(draft.start, draft.end) ?? Number.NaN };
}

const dayOrder = (d: string): number => (DAYS_OF_WEEK as readonly string[]).indexOf(d);
const byDayAndStart = (a: { dayOfWeek: string; start: string }, b: { dayOfWeek: string; start: string }): number =>
  dayOrder(a.dayOfWeek) - dayOrder(b.dayOfWeek) || a.start.localeCompare(b.start);

/**
 * A store's week of opening hours, and its editor. Saving sends the whole week (PUT is a complete
 * replacement), after the same rules the platform applies have been checked here.
 */
export class HoursState {
  /** Each store's week, as last read or saved (sorted by day and start). */
  readonly weeks = new KeyedReads<Shift[]>();
  #editing = $state<string | null>(null);
  #drafts = $state<ShiftDraft[]>([]);
  #saving = $state(false);
  #saveError = $state<ErrorInfo | null>(null);
  #savedAt = $state<number | null>(null);

  readonly check: HoursCheck = $derived(checkOpeningHours(this.#drafts.map(draftAsShift)));

  constructor(
    private readonly bridge: Bridge,
    private readonly now: Now,
    private readonly storeActions: Pick<StoreActionsState, 'remember'> = { remember: () => {} },
  ) {}

  /** The store whose week is being edited, or null. */
  get editing(): string | null {
    return this.#editing;
  }
  /** The shifts being edited: the editor's fields bind to them. */
  get drafts(): ShiftDraft[] {
    return this.#drafts;
  }
  get saving(): boolean {
    return this.#saving;
  }
  get saveError(): ErrorInfo | null {
    return this.#saveError;
  }
  get savedAt(): number | null {
    return this.#savedAt;
  }

  load(merchantId: string): Promise<void> {
    return this.weeks.load(
      merchantId,
      () => this.bridge['stores:hours']({ merchantId }),
      (read) => [...read.shifts].sort(byDayAndStart),
    );
  }

  startEditing(merchantId: string): void {
    this.#editing = merchantId;
    this.#drafts = (this.weeks.of(merchantId) ?? []).map(toDraft);
    this.#saveError = null;
    this.#savedAt = null;
  }

  discard(): void {
    this.#editing = null;
    this.#drafts = [];
    this.#saveError = null;
  }

  /** A new shift on `day`, after its last one (or a usual 09:00–18:00). */
  addShift(day: DayOfWeek): void {
    const last = this.#drafts.filter((d) => d.dayOfWeek === day).at(-1);
    const lastEnd = last ? parseClock(last.end) : null;
    const start = lastEnd === null ? '09:00' : formatClock(lastEnd + 3600);
    const end = lastEnd === null ? '18:00' : formatClock(lastEnd + 4 * 3600);
    this.#drafts.push({ key: nextKey++, dayOfWeek: day, start, end });
  }

  removeShift(key: number): void {
    this.#drafts = this.#drafts.filter((d) => d.key !== key);
  }

  async save(): Promise<boolean> {
    const merchantId = this.#editing;
    if (!merchantId || !this.check.ok || this.#saving) return false;
    this.#saving = true;
    this.#saveError = null;
    const shifts = this.#drafts.map(draftAsShift) as NewShift[];
    const result = await this.bridge['stores:replaceHours']({ merchantId, shifts });
    this.#saving = false;
    if (!result.ok) {
      this.#saveError = result.error;
      return false;
    }
    if (result.value.outcome === 'queued') {
      // Offline: the week shown is the one waiting to be sent (the store outbox lists it).
      this.storeActions.remember(result.value.action);
      this.weeks.set(merchantId, [...shifts].sort(byDayAndStart));
    } else {
      this.weeks.set(merchantId, [...result.value.shifts].sort(byDayAndStart));
    }
    this.#editing = null;
    this.#drafts = [];
    this.#savedAt = this.now.read();
    return true;
  }
}
