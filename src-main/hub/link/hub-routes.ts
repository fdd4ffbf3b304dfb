import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HubRole } from '../../../src-shared/ipc/channels/join';
import type { Logger } from '../../base/log';
import type { HubIdentity, PairingDesk } from '../contract';
import { parseJson, readBody, reply, replyTooLarge, requestPath } from './http-replies';
import { SCREEN_PROTOCOL, type HubCard } from './protocol';

/**
 * The hub's HTTPS routes: its card (`GET /hub`, what a screen shows in the list of hubs found) and
 * the pairing steps (`POST /pair/:step`), handed to the pairing desk as untrusted JSON. Whatever the
 * desk does, the request is answered.
 */

/** A pairing step's body is a few keys and a handful of base64 values. */
export const MAX_PAIRING_BODY_BYTES = 16 * 1024;
const PAIR_STEP = /^\/pair\/([a-z][a-z0-9-]{0,31})$/;

const HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
};

function json(response: ServerResponse, status: number, body: unknown): void {
  reply(response, HEADERS, status, JSON.stringify(body), 'application/json');
}

function error(response: ServerResponse, status: number, message: string): void {
  json(response, status, { error: message });
}

/** A screen's main process sends no Origin; a browser always does: a web page has no business with the hub. */
export function fromBrowser(request: IncomingMessage): boolean {
  return request.headers.origin !== undefined;
}

export function hubRoutes(options: { identity: HubIdentity; pairing: PairingDesk; logger: Logger; role?: HubRole }) {
  const { identity, pairing, logger } = options;
  const card: HubCard = { hubId: identity.hubId, name: identity.name, protocol: SCREEN_PROTOCOL, role: options.role ?? 'terminal' };

  const pair = async (step: string, request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (!/^application\/json\b/.test(request.headers['content-type'] ?? '')) return error(response, 415, 'JSON only');
    const text = await readBody(request, MAX_PAIRING_BODY_BYTES);
    if (text === 'too-large') return replyTooLarge(request, response, HEADERS);
    const body = text === undefined ? undefined : parseJson(text);
    if (body === undefined) return error(response, 400, 'bad request');
    const answer = await pairing.answer(step, body, { address: request.socket.remoteAddress ?? '' });
    const status = Number.isInteger(answer.status) && answer.status >= 200 && answer.status <= 599 ? answer.status : 500;
    json(response, status, answer.body ?? null);
  };

  const route = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (fromBrowser(request)) return error(response, 403, 'not for browsers');
    const path = requestPath(request.url);
    if (path === '/hub') {
      if (request.method !== 'GET') return error(response, 405, 'method not allowed');
      return json(response, 200, card);
    }
    const step = path === undefined ? null : PAIR_STEP.exec(path);
    if (!step?.[1]) return error(response, 404, 'not found');
    if (request.method !== 'POST') return error(response, 405, 'method not allowed');
    return pair(step[1], request, response);
  };

  return (request: IncomingMessage, response: ServerResponse): void => {
    route(request, response).catch((failure: unknown) => {
      logger.error('hub: a request failed', { error: failure });
      error(response, 500, 'internal error');
    });
  };
}
