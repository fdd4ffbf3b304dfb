/**
 * The stores' names as the platform gives them (`GET /merchants`): a store terminal of the chain
 * shows its store's name on the top bar and its chips, as a terminal of its own would.
 */
export const version = 2;
export const name = 'store-names';

export const up = `
ALTER TABLE stores ADD COLUMN corporate_name text;
`;
