import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context';
import { fail } from '../http/errors';
import { bodyOf, checkUuid } from '../orders/access';
import { seedStreets } from '../seed/orders-seed';
import { customerRequestsChange } from './address-change';
import { AddressChangeBody } from './bodies';

/**
 * Control route of the shipping side: the customer asks to change the delivery address (DAR), which
 * the merchant then accepts or denies. Without a body, a street nearby is chosen.
 */
const DriversBody = z.object({ available: z.boolean() }).strict();

export function registerShippingControlRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { world } = ctx;
  /** Whether driver searches find anyone: off, a requested driver fails with RDF NO_DRIVERS_AVAILABLE. */
  app.post('/_sandbox/shipping/drivers', async (request) => {
    world.shipping.driversAvailable = bodyOf(DriversBody, request.body, 'o corpo deve ser {available: boolean}').available;
    return { available: world.shipping.driversAvailable };
  });

  app.post<{ Params: { id: string } }>('/_sandbox/orders/:id/addressChangeRequest', async (request, reply) => {
    checkUuid(request.params.id, 'id');
    const order = world.orders.get(request.params.id);
    if (!order) throw fail.notFound(`pedido ${request.params.id} não encontrado`);
    const current = order.detail.delivery?.deliveryAddress;
    const street = world.orders.rng.pick(seedStreets);
    const address =
      request.body === undefined || request.body === null
        ? {
            streetName: street.streetName,
            streetNumber: String(world.orders.rng.int(10, 2500)),
            neighborhood: street.neighborhood,
            city: current?.city ?? 'São Paulo',
            state: current?.state ?? 'SP',
            country: current?.country ?? 'BR',
            coordinates: {
              latitude: Number(((current?.coordinates.latitude ?? 0) + 0.004).toFixed(6)),
              longitude: Number(((current?.coordinates.longitude ?? 0) - 0.004).toFixed(6)),
            },
          }
        : bodyOf(AddressChangeBody, request.body, 'o corpo deve ser uma mudança de endereço (spec §4.1)');
    customerRequestsChange(world.orders, order, world.shipping.recordOf(order.detail.id), address);
    return reply.code(201).send({ orderId: order.detail.id, addressChange: world.shipping.recordOf(order.detail.id).addressChange });
  });
}
