import type pg from 'pg';
import type { ConsoleAccount, ConsoleRole, StoreGroup } from '../../../src-shared/console/console-api';
import { inTransaction, queryRows } from './transaction';

/**
 * Who may use the chain's console (migration 0007): its accounts, and the store groups that limit an
 * area manager — made from the command line (the first owner) and then by an owner from the console.
 */
export class PgConsoleDirectory {
  constructor(private readonly pool: pg.Pool) {}

  async createAccount(account: { login: string; name: string; role: ConsoleRole; passwordHash: string }, now: number): Promise<'created' | 'exists'> {
    const rows = await queryRows(
      this.pool,
      'creating a console account',
      `INSERT INTO console_accounts (login, name, role, password_hash, created_ms) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (login) DO NOTHING RETURNING login`,
      [account.login, account.name, account.role, account.passwordHash, now],
    );
    return rows.length > 0 ? 'created' : 'exists';
  }

  async accounts(now: number): Promise<ConsoleAccount[]> {
    const rows = await queryRows<{ login: string; name: string; role: ConsoleRole; groups: string[]; locked_until_ms: string | null; created_ms: string }>(
      this.pool,
      'reading the console accounts',
      `SELECT a.login, a.name, a.role, a.locked_until_ms, a.created_ms,
         coalesce(array_agg(g.group_id ORDER BY g.group_id) FILTER (WHERE g.group_id IS NOT NULL), '{}') AS groups
       FROM console_accounts a LEFT JOIN console_account_groups g ON g.login = a.login
       GROUP BY a.login ORDER BY a.name, a.login`,
    );
    return rows.map((r) => ({
      login: r.login,
      name: r.name,
      role: r.role,
      groups: r.groups,
      lockedUntil: r.locked_until_ms !== null && Number(r.locked_until_ms) > now ? new Date(Number(r.locked_until_ms)).toISOString() : null,
      createdAt: new Date(Number(r.created_ms)).toISOString(),
    }));
  }

  /**
   * Removes an account and so its sessions (they end at once) — unless it is the last owner, which
   * would leave the chain without anyone to manage it. Answers what happened.
   */
  removeAccount(login: string): Promise<'removed' | 'not-found' | 'last-owner'> {
    return inTransaction(this.pool, 'removing a console account', async (client) => {
      // Owners locked in order, so two owners removing each other at once cannot both go.
      const owners = await client.query<{ login: string }>("SELECT login FROM console_accounts WHERE role = 'owner' ORDER BY login FOR UPDATE");
      const removing = owners.rows.some((o) => o.login === login);
      if (removing && owners.rows.length === 1) return 'last-owner';
      const removed = await client.query('DELETE FROM console_accounts WHERE login = $1', [login]);
      return (removed.rowCount ?? 0) > 0 ? 'removed' : 'not-found';
    });
  }

  /** A store group made or replaced whole: its name, exactly these stores and these managers. */
  saveGroup(group: StoreGroup): Promise<void> {
    return inTransaction(this.pool, 'writing a store group', async (client) => {
      await client.query('INSERT INTO console_groups (id, name) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET name = excluded.name', [group.id, group.name]);
      await client.query('DELETE FROM console_group_stores WHERE group_id = $1', [group.id]);
      await client.query('INSERT INTO console_group_stores SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING', [group.id, [...group.stores]]);
      await client.query('DELETE FROM console_account_groups WHERE group_id = $1', [group.id]);
      await client.query(
        'INSERT INTO console_account_groups SELECT a.login, $1 FROM console_accounts a WHERE a.login = ANY($2::text[]) ON CONFLICT DO NOTHING',
        [group.id, [...group.managers]],
      );
    });
  }

  /** The groups (of `login`'s only, when given: an area manager's), each with its stores and managers. */
  async groups(login: string | null): Promise<StoreGroup[]> {
    return queryRows<StoreGroup>(
      this.pool,
      'reading the store groups',
      `SELECT g.id, g.name,
         coalesce((SELECT array_agg(s.store_id ORDER BY s.store_id) FROM console_group_stores s WHERE s.group_id = g.id), '{}') AS stores,
         coalesce((SELECT array_agg(m.login ORDER BY m.login) FROM console_account_groups m WHERE m.group_id = g.id), '{}') AS managers
       FROM console_groups g
       WHERE $1::text IS NULL OR EXISTS (SELECT 1 FROM console_account_groups m WHERE m.group_id = g.id AND m.login = $1)
       ORDER BY g.name`,
      [login],
    );
  }
}
