/**
 * The console's alerts told to the operator's webhook: each alert open now (a store and a kind), so
 * that of several replicas seeing it, only the one that writes its row tells it raised, and only the
 * one that removes it tells it cleared.
 */
export const version = 9;
export const name = 'console-alerts';

export const up = `
CREATE TABLE console_alerts (
  store_id text NOT NULL,
  kind text NOT NULL,
  since_ms bigint NOT NULL,
  PRIMARY KEY (store_id, kind)
);
`;
