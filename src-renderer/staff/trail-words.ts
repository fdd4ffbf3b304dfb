import type { TrailEntry } from '../../src-shared/ipc/channels/staff';
import type { I18n } from '../i18n/i18n.svelte';

/**
 * One line of the trail in words (docs/staff.md): what was done, by whom (or only when, with nobody
 * signed in), where — "neste terminal" or the paired screen's name — the manager who approved it,
 * and a refusal's reason. "Queued" says nothing here: an order's action is always handed to its
 * outbox, whose fate the drawer's actions show.
 */
export function trailLine(i18n: I18n, entry: TrailEntry, zone?: string): string {
  const what = didWhat(i18n, entry);
  const where = entry.device ? i18n.t('staff.trail.on', { device: entry.device }) : i18n.t('staff.trail.here');
  const time = i18n.clock(entry.at, zone);
  let line = entry.person ? i18n.t('staff.trail.by', { what, name: entry.person.name, time, where }) : i18n.t('staff.trail.anonymous', { what, time, where });
  if (entry.approvedBy) line += `, ${i18n.t('staff.trail.approved', { name: entry.approvedBy })}`;
  if (entry.outcome === 'refused' && entry.error)
    line += ` — ${i18n.t('staff.trail.refused', { why: i18n.label('error', entry.error.code, entry.error.message) })}`;
  return line;
}

/** A History row's short word of who last acted on its order: "Cancelamento pedido por Ana, aprovado por Marcos". */
export function lastActLine(i18n: I18n, entry: TrailEntry): string {
  const what = didWhat(i18n, entry);
  const line = entry.person ? i18n.t('staff.trail.short', { what, name: entry.person.name }) : what;
  return entry.approvedBy ? `${line}, ${i18n.t('staff.trail.approved', { name: entry.approvedBy })}` : line;
}

function didWhat(i18n: I18n, entry: TrailEntry): string {
  const done = entry.channel === 'orders:act' ? entry.action : entry.channel;
  return i18n.label('staff.trail.did', done, i18n.label('orders.action', entry.action, entry.channel));
}
