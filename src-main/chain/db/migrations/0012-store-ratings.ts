/**
 * Each store's rating as the platform's review summary gives it (its score over the last three
 * months' valid reviews), read every 15 minutes by one replica at a time (a claim per store), shown
 * in the console's reports beside each store's figures.
 */
export const version = 12;
export const name = 'store-ratings';

export const up = `
CREATE TABLE store_ratings (
  store_id text PRIMARY KEY,
  -- 1.0 to 5.0; null while no review counts
  score double precision,
  valid_reviews integer NOT NULL DEFAULT 0,
  total_reviews integer NOT NULL DEFAULT 0,
  -- when the summary was last read (0: never), and when a replica last took the store to read it
  read_ms bigint NOT NULL DEFAULT 0,
  claimed_ms bigint NOT NULL DEFAULT 0
);
`;
