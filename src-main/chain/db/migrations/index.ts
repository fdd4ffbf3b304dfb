import type { ChainMigration } from '../migrate';
import * as m0001 from './0001-chain';
import * as m0002 from './0002-store-names';

/** Every shipped migration of the chain's database, in version order. Add a file, never edit one. */
export const chainMigrations: readonly ChainMigration[] = [m0001, m0002];
