/**
 * The printers out on each replica's connected store terminals, per store, beside the terminals
 * themselves: written with the replica's presence, so a replica gone (its row stale) or a terminal
 * gone (its report forgotten) counts no more. The console's wall sums the fresh rows.
 */
export const version = 13;
export const name = 'presence-printers';

export const up = `
-- {storeId: printers out} on that replica's connected terminals
ALTER TABLE console_presence ADD COLUMN printers_out jsonb NOT NULL DEFAULT '{}';
`;
