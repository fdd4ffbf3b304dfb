import type { StoreTeam, StoreTeamPersonInput, StoreTeamRemoveInput, StoreTeamSignInInput } from '../../../src-shared/console/console-api';
import { toAppError } from '../../../src-shared/errors';
import type { StaffState } from '../../../src-shared/ipc/channels/staff';
import type { Clock } from '../../base/clock';
import { trailEntry, type TrailRecord } from '../../db/staff-storage';
import type { ConsoleSession, PgChainConsole } from '../db/chain-console';
import type { ConsoleRefusal } from './console-directory';

/** What the console asks of a store's team: the terminals' desk (features/staff/staff-desk.ts), built by the replica per store. */
export interface TeamDesk {
  state(device: string): Promise<StaffState>;
  save(input: StoreTeamPersonInput): Promise<void>;
  remove(id: string): Promise<void>;
  configure(signIn: boolean, idleMinutes: number): Promise<void>;
}

export interface StoreTeamsOptions {
  deskOf: (storeId: string) => TeamDesk;
  trail: (storeId: string, limit: number) => Promise<TrailRecord[]>;
  /** Whether the session may see the store (an unknown one and another group's are said alike). */
  known: (session: Pick<ConsoleSession, 'stores'>, storeId: string) => Promise<boolean>;
  /** The team changed: the store's terminals read their state again. */
  changed: (storeId: string) => void;
  db: Pick<PgChainConsole, 'record'>;
  clock: Clock;
}

/** The trail's lines a store's page shows. */
export const TEAM_TRAIL_LINES = 50;
/** The console is no terminal: it has nobody signed in. */
const CONSOLE_DEVICE = 'console';
const NOT_YOURS: ConsoleRefusal = { refused: 'not-found', message: 'no such store among yours' };
const VIEWER: ConsoleRefusal = { refused: 'forbidden', message: 'a viewer sees the stores and acts on none' };

/**
 * A store's team on the console (docs/chain-console.md): read by any session that sees the store,
 * changed by an owner or the store's area manager with the terminals' own rules (a name taken, the
 * last manager, sign-in without one: refused in the desk's words); each change and refusal
 * recorded in console_audit, never a PIN.
 */
export class StoreTeams {
  constructor(private readonly options: StoreTeamsOptions) {}

  async read(session: Pick<ConsoleSession, 'stores'>, storeId: string): Promise<StoreTeam | ConsoleRefusal> {
    if (!(await this.options.known(session, storeId))) return NOT_YOURS;
    const [state, lines] = await Promise.all([this.options.deskOf(storeId).state(CONSOLE_DEVICE), this.options.trail(storeId, TEAM_TRAIL_LINES)]);
    return { people: state.people, signIn: state.signIn, idleMinutes: state.idleMinutes, trail: lines.map(trailEntry) };
  }

  save(session: ConsoleSession, storeId: string, input: StoreTeamPersonInput): Promise<StoreTeam | ConsoleRefusal> {
    const detail = { name: input.name, role: input.role, pin: input.pin ? 'new' : 'kept', ...(input.id ? { id: input.id } : {}) };
    return this.change(session, storeId, 'staff-save', detail, (desk) => desk.save(input));
  }

  remove(session: ConsoleSession, storeId: string, input: StoreTeamRemoveInput): Promise<StoreTeam | ConsoleRefusal> {
    return this.change(session, storeId, 'staff-remove', { id: input.id }, (desk) => desk.remove(input.id));
  }

  configure(session: ConsoleSession, storeId: string, input: StoreTeamSignInInput): Promise<StoreTeam | ConsoleRefusal> {
    const detail = { signIn: String(input.signIn), idleMinutes: String(input.idleMinutes) };
    return this.change(session, storeId, 'staff-sign-in', detail, (desk) => desk.configure(input.signIn, input.idleMinutes));
  }

  private async change(
    session: ConsoleSession,
    storeId: string,
    action: string,
    detail: Record<string, string>,
    work: (desk: TeamDesk) => Promise<void>,
  ): Promise<StoreTeam | ConsoleRefusal> {
    const { db, clock } = this.options;
    if (!(await this.options.known(session, storeId))) return NOT_YOURS;
    let refusal: ConsoleRefusal | null = session.role === 'viewer' ? VIEWER : null;
    if (!refusal) {
      try {
        await work(this.options.deskOf(storeId));
        this.options.changed(storeId);
      } catch (error) {
        const appError = toAppError(error);
        if (appError.code === 'storage' || appError.code === 'internal') throw appError;
        refusal = { refused: appError.code === 'not-found' ? 'not-found' : 'invalid', message: appError.message };
      }
    }
    await db.record({ atMs: clock.now(), login: session.login, action, stores: [storeId], outcome: refusal ? `refused: ${refusal.message}` : 'done', detail });
    return refusal ?? this.read(session, storeId);
  }
}
