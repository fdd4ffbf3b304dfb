/**
 * The rush gauge per store on the chain's server reads the orders of the last hour and a half
 * (chain/db/chain-rush.ts), every replica every 15 seconds: by their creation, never the whole table.
 */
export const version = 14;
export const name = 'orders-by-creation';

export const up = `
CREATE INDEX orders_by_creation ON orders (created_ms);
`;
