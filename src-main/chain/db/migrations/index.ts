import type { ChainMigration } from '../migrate';
import * as m0001 from './0001-chain';
import * as m0002 from './0002-store-names';
import * as m0003 from './0003-store-actions';
import * as m0004 from './0004-scheduled-store-actions';
import * as m0005 from './0005-promotion-status';
import * as m0006 from './0006-delivery-orders';
import * as m0007 from './0007-console';
import * as m0008 from './0008-order-facts';
import * as m0009 from './0009-console-alerts';
import * as m0010 from './0010-store-day-rollups';
import * as m0011 from './0011-store-events';
import * as m0012 from './0012-store-ratings';
import * as m0013 from './0013-presence-printers';
import * as m0014 from './0014-orders-by-creation';
import * as m0015 from './0015-store-busy-mode';
import * as m0016 from './0016-staff';

/** Every shipped migration of the chain's database, in version order. Add a file, never edit one. */
export const chainMigrations: readonly ChainMigration[] = [
  m0001,
  m0002,
  m0003,
  m0004,
  m0005,
  m0006,
  m0007,
  m0008,
  m0009,
  m0010,
  m0011,
  m0012,
  m0013,
  m0014,
  m0015,
  m0016,
];
