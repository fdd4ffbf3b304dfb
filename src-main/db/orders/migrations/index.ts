import type { Migration } from '../../migrate';
import * as m0010 from './0010-orders';
import * as m0011 from './0011-history';
import * as m0012 from './0012-print-queue';
import * as m0013 from './0013-order-requests';
import * as m0014 from './0014-kitchen';
import * as m0015 from './0015-action-origin';
import * as m0016 from './0016-idempotency-key';
import * as m0017 from './0017-board-by-store';
import * as m0018 from './0018-kitchen-timing';
import * as m0019 from './0019-staff';

/** Every shipped migration, in version order. Add a file, never edit one. */
export const migrations: readonly Migration[] = [m0010, m0011, m0012, m0013, m0014, m0015, m0016, m0017, m0018, m0019];
