import type { ErrorInfo } from '../../src-shared/errors';
import type { Bridge, IpcResult } from '../../src-shared/ipc/contract';
import type { StaffPerson, StaffState as StaffView, TrailEntry } from '../../src-shared/ipc/channels/staff';
import { CostlyAction, type StaffRole } from '../../src-shared/staff/staff-rules';
import { KeyedReads, Read } from '../lib/reads.svelte';
import type { StaffAsker } from './staff-gate';

/** What a dialog asks for: a person at the device, or a manager's PIN for one costly action. */
export type StaffAsk = { kind: 'signIn' } | { kind: 'approval'; action: CostlyAction };

/** A device goes back to nobody in the main process after its idle minutes: the screen looks again this often. */
export const STAFF_REREAD_MS = 30_000;

/**
 * Staff on screen (docs/staff.md): who works at this device, the team (Settings › Team), the
 * dialogs that ask for a person or a manager's PIN when a call is refused for want of one (the
 * bridge's gate, `staff-gate.ts`, waits on `ask`), and an order's trail for the drawer.
 */
export class StaffState implements StaffAsker {
  #view = $state<StaffView | null>(null);
  #ask = $state<StaffAsk | null>(null);
  #answer: ((given: boolean) => void) | null = null;
  /** Asks wait their turn: one dialog at a time. */
  #queue: Promise<unknown> = Promise.resolve();
  #timer: ReturnType<typeof setInterval> | undefined;
  /** The orders whose trail is on screen (a drawer open on them), and how many show it (bookkeeping, never shown). */
  readonly #shown: Record<string, number> = {};
  readonly read = new Read();
  /** A change to the team or the switch (Settings › Team). */
  readonly change = new Read();
  readonly trails = new KeyedReads<TrailEntry[]>();

  /** `bridge` is the gated one: the team's changes are costly, and a manager's PIN is asked for them like any other. */
  constructor(private readonly bridge: Bridge) {
    bridge.on('staff:changed', () => void this.load());
    bridge.on('orders:changed', ({ rows, actions }) => {
      const touched = [...rows.map((r) => r.id), ...actions.map((a) => a.orderId)];
      for (const orderId of touched.filter((id, i) => touched.indexOf(id) === i)) this.answered(orderId);
    });
  }

  get view(): StaffView | null {
    return this.#view;
  }
  /** Sign-in is on: the top bar says who works here. */
  get signIn(): boolean {
    return this.#view?.signIn ?? false;
  }
  get current(): StaffPerson | null {
    return this.#view?.current ?? null;
  }
  get people(): StaffPerson[] {
    return this.#view?.people ?? [];
  }
  get managers(): StaffPerson[] {
    return this.people.filter((p) => p.role === 'manager');
  }
  /** The dialog the screen shows now, if any. */
  get asking(): StaffAsk | null {
    return this.#ask;
  }

  /** A terminal without an account (or a hub that does not answer it yet) shows no staff at all. */
  async load(): Promise<void> {
    const view = await this.read.run(() => this.bridge['staff:state']({}));
    if (view) this.#view = view;
  }

  /** Reads the state again now and then: the main process returns an idle device to nobody. */
  watch(): () => void {
    void this.load();
    this.#timer ??= setInterval(() => void this.load(), STAFF_REREAD_MS);
    return () => {
      clearInterval(this.#timer);
      this.#timer = undefined;
    };
  }

  /** The top bar's tap: who is working, the names and the keypad. */
  chooseWho(): void {
    void this.#open({ kind: 'signIn' });
  }

  // ---- the gate's side (StaffAsker) ----

  ask(refusal: ErrorInfo): Promise<boolean> {
    if (refusal.code === 'sign-in-needed') {
      void this.load();
      return this.#open({ kind: 'signIn' });
    }
    const action = CostlyAction.safeParse(refusal.field);
    if (refusal.code !== 'approval-needed' || !action.success) return Promise.resolve(false);
    return this.#open({ kind: 'approval', action: action.data });
  }

  answered(orderId: string): void {
    if (this.#shown[orderId]) void this.loadTrail(orderId);
  }

  #open(ask: StaffAsk): Promise<boolean> {
    const turn = this.#queue.then(
      () =>
        new Promise<boolean>((resolve) => {
          // The people may have changed since the last read (a manager just added): the names are read again.
          if (this.#view === null || ask.kind === 'approval') void this.load();
          this.#ask = ask;
          this.#answer = resolve;
        }),
    );
    this.#queue = turn;
    return turn;
  }

  /** The dialog ends: given (the refused call goes again) or closed (its caller gets the refusal). */
  done(given: boolean): void {
    const answer = this.#answer;
    this.#answer = null;
    this.#ask = null;
    answer?.(given);
  }

  // ---- the dialogs' calls: each answers the error to show, or null ----

  async signInAs(personId: string, pin: string): Promise<ErrorInfo | null> {
    return this.#took(await this.bridge['staff:signIn']({ personId, pin }));
  }

  async signOut(): Promise<ErrorInfo | null> {
    return this.#took(await this.bridge['staff:signOut']({}));
  }

  async approve(personId: string, pin: string, action: CostlyAction): Promise<ErrorInfo | null> {
    const result = await this.bridge['staff:approve']({ personId, pin, action });
    return result.ok ? null : result.error;
  }

  // ---- Settings › Team ----

  async save(person: { id?: string; name: string; role: StaffRole; pin?: string }): Promise<ErrorInfo | null> {
    return this.#changed(() => this.bridge['staff:save'](person));
  }

  async remove(id: string): Promise<ErrorInfo | null> {
    return this.#changed(() => this.bridge['staff:remove']({ id }));
  }

  async configure(signIn: boolean, idleMinutes: number): Promise<ErrorInfo | null> {
    return this.#changed(() => this.bridge['staff:configure']({ signIn, idleMinutes }));
  }

  // ---- the trail ----

  /** The drawer shows an order's lines: read now, and again on each change of the order while shown. */
  showTrail(orderId: string): () => void {
    this.#shown[orderId] = (this.#shown[orderId] ?? 0) + 1;
    void this.loadTrail(orderId);
    return () => {
      const left = (this.#shown[orderId] ?? 1) - 1;
      if (left > 0) this.#shown[orderId] = left;
      else delete this.#shown[orderId];
    };
  }

  loadTrail(orderId: string): Promise<void> {
    return this.trails.load(
      orderId,
      () => this.bridge['staff:trail']({ orderId }),
      (read) => read.entries,
    );
  }

  #took(result: IpcResult<StaffView>): ErrorInfo | null {
    if (!result.ok) return result.error;
    this.#view = result.value;
    return null;
  }

  async #changed(call: () => Promise<IpcResult<StaffView>>): Promise<ErrorInfo | null> {
    const view = await this.change.run(call);
    if (view) this.#view = view;
    return view ? null : this.change.error;
  }
}
