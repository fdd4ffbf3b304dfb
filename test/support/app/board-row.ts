import type { BoardRow } from '../../../src-shared/ipc/channels/orders';

export const ROW_STORE = '4a1f6c2e-8b3d-4e5f-9a70-1c2d3e4f5a61';

/** A PLACED platform delivery created a minute before `at`, as the board receives it; `patch` changes any field. */
export function boardRow(id: string, at: number, patch: Partial<BoardRow> = {}): BoardRow {
  return {
    id,
    displayId: id.slice(0, 4).toUpperCase(),
    status: 'PLACED',
    orderType: 'DELIVERY',
    timing: 'IMMEDIATE',
    createdAt: new Date(at - 60_000).toISOString(),
    confirmDeadline: new Date(at + 7 * 60_000).toISOString(),
    preparationStartDateTime: null,
    customerName: 'Ana',
    itemsCount: 2,
    total: 42.5,
    deliveredBy: 'PLATFORM',
    merchantId: ROW_STORE,
    pendingAction: null,
    lastEventCode: 'PLACED',
    hasUnknownEvents: false,
    detailMissing: false,
    confirmedBy: null,
    confirmedFrom: null,
    driver: null,
    cancellation: null,
    printed: false,
    printWaiting: false,
    request: null,
    ...patch,
  };
}
