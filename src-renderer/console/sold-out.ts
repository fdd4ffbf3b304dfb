import type { BulkSoldOutInput, WallStore } from '../../src-shared/console/console-api';

export type SoldOutStatus = BulkSoldOutInput['status'];
/** The dialog's two choices, "sell out" first. */
export const SOLD_OUT_STATUSES: readonly SoldOutStatus[] = ['UNAVAILABLE', 'AVAILABLE'];

/**
 * What the sold-out dialog sends for the stores chosen: the product's external code as typed, its
 * spaces around cut (a code pasted from a spreadsheet), or null while there is no code to send.
 */
export function soldOutInput(stores: readonly WallStore[], code: string, status: SoldOutStatus): BulkSoldOutInput | null {
  const externalCode = code.trim();
  if (externalCode === '' || stores.length === 0) return null;
  return { stores: stores.map((s) => s.storeId), externalCode, status };
}
