/**
 * Each store's busy mode on a chain's server (docs/rush-guard.md): whether the server pauses the
 * store by itself when its gauge says swamped, and for how many minutes. No row: off.
 */
export const version = 15;
export const name = 'store-busy-mode';

export const up = `
CREATE TABLE store_busy_mode (
  store_id text PRIMARY KEY,
  on_ boolean NOT NULL DEFAULT false,
  minutes integer NOT NULL DEFAULT 15 CHECK (minutes BETWEEN 5 AND 60),
  -- who changed it last (a console's login), and when
  changed_by text NOT NULL,
  changed_ms bigint NOT NULL
);
`;
