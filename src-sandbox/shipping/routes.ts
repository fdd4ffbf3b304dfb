import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { registerShippingAddressRoutes } from './address-routes';
import { registerShippingControlRoutes } from './control';
import { registerShippingStyleARoutes } from './style-a-routes';
import { registerShippingStyleBRoutes } from './style-b-routes';
import { registerTrackingPage } from './tracking-page';

/** Shipping module (spec §4.1), both integration styles, and its control route. */
export function registerShippingRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  registerShippingStyleARoutes(app, ctx);
  registerShippingStyleBRoutes(app, ctx);
  registerShippingAddressRoutes(app, ctx);
  registerShippingControlRoutes(app, ctx);
  registerTrackingPage(app, ctx);
}
