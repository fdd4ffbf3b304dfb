import type { StoreSummary } from '../../src-shared/ipc/channels/stores';
import type { OperationStatus } from '../../src-shared/wire/merchant';

/**
 * The store's state in one word for the top bar, from the platform's entries (spec §3.3). Orders
 * come in while any configured entry is available; then it is "open" when every one is OK, else
 * "warning". Closed entries say why: a pause (the `unavailabilities` validation is CLOSED) first,
 * because the clerk did it and can undo it; then an error, which needs action; then closed hours.
 */
export function summarizeStatus(entries: readonly OperationStatus[]): StoreSummary {
  if (entries.length === 0) return 'unknown';
  const configured = entries.filter((e) => e.state !== 'UNAVAILABLE');
  if (configured.length === 0) return 'unavailable';
  if (configured.some((e) => e.available)) return configured.every((e) => e.state === 'OK') ? 'open' : 'warning';
  if (configured.some((e) => e.validations.some((v) => v.code === 'unavailabilities' && v.state === 'CLOSED'))) return 'paused';
  if (configured.some((e) => e.state === 'ERROR')) return 'problem';
  if (configured.every((e) => e.state === 'CLOSED')) return 'closed';
  // A state the spec does not list, or closed entries mixed with unknown ones: someone should look.
  return 'problem';
}
