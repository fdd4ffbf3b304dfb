/**
 * A console's store page reads a store's latest events (docs/chain-console.md): by store and arrival,
 * so it reads the last fifty of one store, never the whole events table of a chain.
 */
export const version = 11;
export const name = 'store-events';

export const up = `
CREATE INDEX events_by_store ON events (merchant_id, received_ms);
`;
