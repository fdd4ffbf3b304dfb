import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { registerOrderActionRoutes } from './action-routes';
import { installCallLog } from './call-hooks';
import { registerOrderControlRoutes } from './control';
import { registerOrderDetailRoutes } from './detail-routes';
import { registerDisputeRoutes } from './dispute-routes';
import { registerEventRoutes } from './event-routes';

/** Order module (spec §4.5, §4.7, §6) and its control routes. */
export function registerOrderRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  // What the platform does by itself (deadlines, settlements, driver moves) happens before any
  // request is looked at, so advancing the simulated clock is enough to make it happen.
  app.addHook('onRequest', async () => ctx.world.orders.settle());
  installCallLog(app, ctx);
  registerOrderDetailRoutes(app, ctx);
  registerOrderActionRoutes(app, ctx);
  registerEventRoutes(app, ctx);
  registerDisputeRoutes(app, ctx);
  registerOrderControlRoutes(app, ctx);
}
