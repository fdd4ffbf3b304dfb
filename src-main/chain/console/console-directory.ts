import { createHash } from 'node:crypto';
import type {
  ConsoleAccountList,
  ConsoleErrorKind,
  NewAccountInput,
  RemoveAccountInput,
  StoreGroup,
  StoreGroupInput,
  StoreGroupList,
} from '../../../src-shared/console/console-api';
import type { Clock } from '../../base/clock';
import type { ConsoleSession, PgChainConsole } from '../db/chain-console';
import type { PgConsoleDirectory } from '../db/console-directory';
import { hashSecret } from '../../auth/secret-hash';

/** A console request refused, in the kind the page words and a message for the record and the curious. */
export interface ConsoleRefusal {
  refused: ConsoleErrorKind;
  message: string;
}

/** A group's id from its name: the command line and the console name the same group alike. */
export const groupIdOf = (name: string): string => createHash('sha256').update(name.trim().toLowerCase()).digest('hex').slice(0, 16);

const OWNERS_ONLY: ConsoleRefusal = { refused: 'forbidden', message: 'only an owner manages accounts and groups' };

export interface ConsoleDirectoryOptions {
  directory: PgConsoleDirectory;
  db: Pick<PgChainConsole, 'record'>;
  clock: Clock;
}

/**
 * The console's accounts and store groups, as an owner manages them (an area manager reads only
 * their own groups, a viewer every group); each change recorded with who made it and its outcome.
 */
export class ConsoleDirectory {
  constructor(private readonly options: ConsoleDirectoryOptions) {}

  async accounts(session: ConsoleSession): Promise<ConsoleAccountList | ConsoleRefusal> {
    if (session.role !== 'owner') return OWNERS_ONLY;
    return { accounts: await this.options.directory.accounts(this.options.clock.now()) };
  }

  async createAccount(session: ConsoleSession, input: NewAccountInput): Promise<ConsoleAccountList | ConsoleRefusal> {
    const detail = { account: input.login, role: input.role };
    if (session.role !== 'owner') return this.refused(session, 'account-create', OWNERS_ONLY, detail);
    const { password, ...account } = input;
    const outcome = await this.options.directory.createAccount({ ...account, passwordHash: await hashSecret(password) }, this.options.clock.now());
    if (outcome === 'exists')
      return this.refused(session, 'account-create', { refused: 'invalid', message: `an account ${input.login} already exists` }, detail);
    await this.record(session, 'account-create', 'created', detail);
    return this.accounts(session);
  }

  async removeAccount(session: ConsoleSession, input: RemoveAccountInput): Promise<ConsoleAccountList | ConsoleRefusal> {
    const detail = { account: input.login };
    if (session.role !== 'owner') return this.refused(session, 'account-remove', OWNERS_ONLY, detail);
    if (input.login === session.login)
      return this.refused(session, 'account-remove', { refused: 'invalid', message: 'you cannot remove your own account' }, detail);
    const outcome = await this.options.directory.removeAccount(input.login);
    if (outcome === 'not-found') return this.refused(session, 'account-remove', { refused: 'not-found', message: `no account ${input.login}` }, detail);
    if (outcome === 'last-owner') return this.refused(session, 'account-remove', { refused: 'invalid', message: 'the chain keeps at least one owner' }, detail);
    await this.record(session, 'account-remove', 'removed', detail);
    return this.accounts(session);
  }

  async groups(session: ConsoleSession): Promise<StoreGroupList> {
    return { groups: await this.options.directory.groups(session.role === 'area_manager' ? session.login : null) };
  }

  async saveGroup(session: ConsoleSession, input: StoreGroupInput): Promise<StoreGroupList | ConsoleRefusal> {
    const group: StoreGroup = {
      id: input.id ?? groupIdOf(input.name),
      name: input.name,
      stores: [...new Set(input.stores)],
      managers: [...new Set(input.managers)],
    };
    const detail = { group: group.id, name: group.name, managers: group.managers };
    if (session.role !== 'owner') return this.refused(session, 'group-save', OWNERS_ONLY, detail, group.stores);
    await this.options.directory.saveGroup(group);
    await this.record(session, 'group-save', 'saved', detail, group.stores);
    return this.groups(session);
  }

  private async refused(
    session: ConsoleSession,
    action: string,
    refusal: ConsoleRefusal,
    detail: object,
    stores: readonly string[] = [],
  ): Promise<ConsoleRefusal> {
    await this.record(session, action, `refused: ${refusal.message}`, detail, stores);
    return refusal;
  }

  private record(session: ConsoleSession, action: string, outcome: string, detail: object, stores: readonly string[] = []): Promise<void> {
    return this.options.db.record({ atMs: this.options.clock.now(), login: session.login, action, stores, outcome, detail });
  }
}
