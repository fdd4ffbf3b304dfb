import type { ChainMigration } from '../migrate';
import * as m0001 from './0001-chain';

/** Every shipped migration of the chain's database, in version order. Add a file, never edit one. */
export const chainMigrations: readonly ChainMigration[] = [m0001];
