import { CONSOLE_PASSWORD_MIN, NewAccountInput, type StoreGroup, StoreGroupInput } from '../../src-shared/console/console-api';

/** Why a new account's form cannot go yet, in the Team page's words (`console.team.problem.*`). */
export type AccountProblem = 'login' | 'name' | 'password-short';

/** The new account to send, or why not: the schema's own rules, each said in words. */
export function accountInput(fields: { login: string; name: string; role: NewAccountInput['role']; password: string }): NewAccountInput | AccountProblem {
  if (!NewAccountInput.shape.login.safeParse(fields.login).success || !fields.login.includes('@')) return 'login';
  if (!NewAccountInput.shape.name.safeParse(fields.name).success) return 'name';
  if (fields.password.length < CONSOLE_PASSWORD_MIN) return 'password-short';
  return NewAccountInput.parse(fields);
}

/** A group to send: made (no id) or replaced whole (the id of the group edited); null while it has no name. */
export function groupInput(editing: StoreGroup | null, name: string, stores: Iterable<string>, managers: Iterable<string>): StoreGroupInput | null {
  const parsed = StoreGroupInput.safeParse({ ...(editing ? { id: editing.id } : {}), name, stores: [...stores], managers: [...managers] });
  return parsed.success ? parsed.data : null;
}
