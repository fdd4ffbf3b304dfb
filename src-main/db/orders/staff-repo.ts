import type { Statement } from 'better-sqlite3';
import type { Db } from '../database';
import type { StaffConfigRecord, StaffRecord, StaffStorage, TriesRecord } from '../staff-storage';

/** The store's people, their wrong PINs and the sign-in switch (migration 0019, docs/staff.md). */
export class StaffRepo implements StaffStorage {
  private readonly s: {
    people: Statement<[], StaffRecord>;
    person: Statement<[string], StaffRecord>;
    save: Statement<StaffRecord>;
    remove: Statement<{ id: string; at: number }>;
    tries: Statement<[string], TriesRecord>;
    saveTries: Statement<TriesRecord>;
    clearTries: Statement<[string]>;
    config: Statement<[], StaffConfigRecord>;
    saveConfig: Statement<StaffConfigRecord>;
  };

  constructor(private readonly db: Db) {
    this.s = {
      people: db.prepare('SELECT * FROM staff WHERE removed_ms IS NULL ORDER BY name COLLATE NOCASE, id'),
      person: db.prepare('SELECT * FROM staff WHERE id = ?'),
      save: db.prepare(
        `INSERT INTO staff (id, name, role, pin_hash, created_ms, removed_ms) VALUES (@id, @name, @role, @pin_hash, @created_ms, @removed_ms)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, role = excluded.role, pin_hash = excluded.pin_hash`,
      ),
      remove: db.prepare('UPDATE staff SET removed_ms = @at WHERE id = @id AND removed_ms IS NULL'),
      tries: db.prepare('SELECT * FROM staff_tries WHERE key = ?'),
      saveTries: db.prepare(
        `INSERT INTO staff_tries (key, failures, last_failure_ms, locked_until_ms) VALUES (@key, @failures, @last_failure_ms, @locked_until_ms)
         ON CONFLICT (key) DO UPDATE SET failures = excluded.failures, last_failure_ms = excluded.last_failure_ms, locked_until_ms = excluded.locked_until_ms`,
      ),
      clearTries: db.prepare('DELETE FROM staff_tries WHERE key = ?'),
      config: db.prepare('SELECT sign_in, idle_minutes FROM staff_config WHERE id = 1'),
      saveConfig: db.prepare(
        `INSERT INTO staff_config (id, sign_in, idle_minutes) VALUES (1, @sign_in, @idle_minutes)
         ON CONFLICT (id) DO UPDATE SET sign_in = excluded.sign_in, idle_minutes = excluded.idle_minutes`,
      ),
    };
  }

  /** Everyone still on the team, by name. */
  people(): StaffRecord[] {
    return this.s.people.all();
  }
  /** A person by id, removed or not (the trail names the removed too). */
  person(id: string): StaffRecord | undefined {
    return this.s.person.get(id);
  }
  save(record: StaffRecord): void {
    this.s.save.run(record);
  }
  remove(id: string, at: number): boolean {
    return this.s.remove.run({ id, at }).changes > 0;
  }
  /** One transaction: SQLite runs it whole before any other call is heard. */
  changeTries(keys: readonly string[], change: (current: ReadonlyMap<string, TriesRecord>) => TriesRecord[]): void {
    this.db.transaction(() => {
      const current = new Map<string, TriesRecord>();
      for (const key of keys) {
        const record = this.s.tries.get(key);
        if (record) current.set(key, record);
      }
      for (const record of change(current)) this.s.saveTries.run(record);
    })();
  }
  clearTries(keys: readonly string[]): void {
    for (const key of keys) this.s.clearTries.run(key);
  }
  config(): StaffConfigRecord | undefined {
    return this.s.config.get();
  }
  saveConfig(record: StaffConfigRecord): void {
    this.s.saveConfig.run(record);
  }
}
