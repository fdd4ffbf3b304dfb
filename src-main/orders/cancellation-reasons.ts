import type { CancellationReasons } from '../../src-shared/ipc/channels/orders';

/** The spec's common cancellation codes (§4.5), offered when the platform's list cannot be fetched. */
export const STANDARD_CANCELLATION_REASONS: CancellationReasons['reasons'] = [
  { code: '501', description: 'System problem' },
  { code: '502', description: 'Duplicate order' },
  { code: '503', description: 'Item unavailable' },
  { code: '504', description: 'No driver available' },
  { code: '505', description: 'Menu out of date' },
  { code: '506', description: 'Address outside the delivery area' },
  { code: '507', description: 'Fraudulent order' },
  { code: '508', description: 'Outside opening hours' },
  { code: '509', description: 'Internal error' },
  { code: '511', description: 'Risk area' },
  { code: '512', description: 'Store opens later' },
];
