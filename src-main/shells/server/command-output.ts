import type { ChainDevice } from '../../chain/contract';
import type { ScreenKind } from '../../hub/contract';

/**
 * What the manager's commands (invite, devices, revoke) print on stdout, and nothing else goes
 * there: the text for a person, or with `--json` one JSON object for a script. Logs go to stderr.
 */
export interface CommandOutput {
  text: string;
  data: Record<string, unknown>;
}

/** The output as the command line asked for it, ending with a newline. */
export function printed(output: CommandOutput, json: boolean): string {
  return `${json ? JSON.stringify(output.data) : output.text}\n`;
}

/** An instant as a person reads it on a server: to the second, in UTC. */
function utc(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}

export function inviteOutput(invite: {
  code: string;
  expiresAt: number;
  name: string;
  kind: ScreenKind;
  storeIds: string[];
  ttlMinutes: number;
}): CommandOutput {
  const text = [
    `Pairing code  ${invite.code}`,
    `For           "${invite.name}" (${invite.kind}); stores ${invite.storeIds.join(', ')}`,
    `Valid until   ${utc(invite.expiresAt)} (${invite.ttlMinutes} min); five tries, one terminal`,
    '',
    'At the store terminal: "Entrar em outro terminal desta loja", the server\'s',
    'address (host:port), then this code.',
  ].join('\n');
  const data = { code: invite.code, expiresAt: iso(invite.expiresAt), name: invite.name, kind: invite.kind, storeIds: invite.storeIds };
  return { text, data };
}

/** Columns padded to their widest cell, two spaces apart. */
function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  return rows.map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0))).join('  ')).join('\n');
}

export function devicesOutput(devices: readonly ChainDevice[]): CommandOutput {
  const rows = devices.map((d) => [
    d.id,
    d.kind,
    d.name,
    d.storeIds.join(','),
    d.lastContactAt === null ? 'never' : utc(d.lastContactAt),
    d.revokedAt === null ? 'active' : `revoked ${utc(d.revokedAt)}`,
  ]);
  const text =
    rows.length === 0
      ? 'No store terminal is paired yet (invite makes a pairing code).'
      : table([['ID', 'KIND', 'NAME', 'STORES', 'LAST CONTACT', 'STATE'], ...rows]);
  const data = {
    devices: devices.map((d) => ({
      id: d.id,
      kind: d.kind,
      name: d.name,
      storeIds: d.storeIds,
      pairedAt: iso(d.pairedAt),
      lastContactAt: iso(d.lastContactAt),
      revokedAt: iso(d.revokedAt),
    })),
  };
  return { text, data };
}

export function revokeOutput(deviceId: string, revoked: boolean): CommandOutput {
  const text = revoked ? `Revoked ${deviceId}: its connections are closed on every replica.` : `No active device ${deviceId}.`;
  return { text, data: { deviceId, revoked } };
}

export function consoleAccountOutput(account: { login: string; name: string; role: string }, outcome: 'created' | 'exists'): CommandOutput {
  const text =
    outcome === 'created'
      ? `Console account ${account.login} (${account.name}, ${account.role}) created: sign in at the console's address.`
      : `A console account ${account.login} exists already: nothing changed.`;
  return { text, data: { ...account, created: outcome === 'created' } };
}

export function consoleGroupOutput(group: { id: string; name: string; stores: readonly string[]; managers: readonly string[] }): CommandOutput {
  const text = `Group "${group.name}": ${group.stores.length} store(s); managers ${group.managers.length > 0 ? group.managers.join(', ') : '(none yet)'}.`;
  return { text, data: { ...group } };
}
