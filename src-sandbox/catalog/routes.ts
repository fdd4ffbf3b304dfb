import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';

export function registerCatalogRoutes(_app: FastifyInstance, _ctx: SandboxContext): void {}
