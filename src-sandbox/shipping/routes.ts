import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';

export function registerShippingRoutes(_app: FastifyInstance, _ctx: SandboxContext): void {}
