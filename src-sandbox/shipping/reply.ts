import type { FastifyReply } from 'fastify';

/** Shipping actions answer with a confirmation text (spec §4.1), not JSON. */
export function confirmation(reply: FastifyReply, status: 200 | 202, text: string): FastifyReply {
  return reply.code(status).type('text/plain; charset=utf-8').send(text);
}
