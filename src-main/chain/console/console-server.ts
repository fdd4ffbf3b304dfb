import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import sirv from 'sirv';
import type { z } from 'zod';
import {
  BulkHoursInput,
  BulkPauseInput,
  BulkPromotionInput,
  BulkSoldOutInput,
  type ConsoleErrorKind,
  NewAccountInput,
  RemoveAccountInput,
  type Report,
  ReportQuery,
  SignInInput,
  StoreBusyMode,
  StoreGroupInput,
  StoreTeamPersonInput,
  StoreTeamRemoveInput,
  StoreTeamSignInInput,
} from '../../../src-shared/console/console-api';
import type { Clock } from '../../base/clock';
import { closeNow, listenOn } from '../../base/listening';
import type { Logger } from '../../base/log';
import { answerUnparsable, parseJson, readBody, reply, requestPath } from '../../hub/link/http-replies';
import type { ConsoleSession } from '../db/chain-console';
import type { PgChainReports } from '../db/chain-reports';
import { reportCsv } from './report-csv';
import type { BulkActions } from './bulk-actions';
import type { ConsoleDirectory, ConsoleRefusal } from './console-directory';
import { type ConsoleSignIn, SESSION_TTL_MS } from './console-sign-in';
import type { StorePages } from './store-page';
import type { StoreTeams } from './store-team';
import type { WallFeed } from './wall-feed';

export const SESSION_COOKIE = 'st_console';
const MAX_BODY_BYTES = 64 * 1024;
/** A stream re-reads its session this often: a signed-out or expired session stops hearing the wall. */
const STREAM_RECHECK_MS = 30_000;

const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
  'strict-transport-security': 'max-age=31536000',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

const STATUS: Record<ConsoleErrorKind, number> = {
  unauthenticated: 401,
  forbidden: 403,
  csrf: 403,
  locked: 423,
  'rate-limited': 429,
  invalid: 400,
  'not-found': 404,
  unavailable: 503,
};

export interface ConsoleServerOptions {
  host: string;
  port: number;
  tls: { certPem: string; keyPem: string };
  /** The built page (out/renderer: console.html and its assets). */
  pageDir: string;
  signIn: ConsoleSignIn;
  wall: WallFeed;
  reports: Pick<PgChainReports, 'rollUp' | 'report'>;
  bulk: BulkActions;
  directory: ConsoleDirectory;
  stores: StorePages;
  /** A store's team and trail on its page (docs/staff.md, "On a chain"). */
  teams: StoreTeams;
  clock: Clock;
  logger: Logger;
}

export interface ConsoleServer {
  port: number;
  close(): Promise<void>;
}

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  reply(response, { ...SECURITY_HEADERS, ...headers }, status, JSON.stringify(body), 'application/json; charset=utf-8');
}

function refuse(response: ServerResponse, kind: ConsoleErrorKind, message: string, retryAfterSeconds?: number): void {
  const headers: Record<string, string> = retryAfterSeconds === undefined ? {} : { 'retry-after': String(retryAfterSeconds) };
  json(response, STATUS[kind], { error: { kind, message, ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }) } }, headers);
}

/** A service's answer: its refusal said in its kind, or its value with `status`. */
function answer(response: ServerResponse, status: number, value: object | ConsoleRefusal): void {
  if ('refused' in value) refuse(response, value.refused, value.message);
  else json(response, status, value);
}

function cookieOf(request: IncomingMessage, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A browser's request from another site names that site in Origin: only the console's own is taken. */
function foreignOrigin(request: IncomingMessage): boolean {
  const origin = request.headers.origin;
  return origin !== undefined && origin !== `https://${request.headers.host ?? ''}`;
}

/**
 * The chain's manager console on its own HTTPS listener (the server's certificate): the page, and
 * its API under /api/ — sign-in to a session cookie (HttpOnly, Secure, SameSite=Strict; the session
 * in PostgreSQL, so any replica serves it), every change checked for its CSRF token and origin, the
 * status wall read and streamed (Server-Sent Events), bulk pauses and their progress. Nothing here
 * takes a store terminal's credential: only a console session opens it.
 */
export async function startConsoleServer(options: ConsoleServerOptions): Promise<ConsoleServer> {
  const { signIn, wall, bulk, reports, directory, stores, logger } = options;
  const page = sirv(options.pageDir, {
    dev: false,
    etag: true,
    setHeaders: (res) => {
      for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.setHeader(k, v);
    },
  });
  const streams = new Set<ServerResponse>();

  async function body<T>(request: IncomingMessage, response: ServerResponse, schema: z.ZodType<T>): Promise<T | undefined> {
    if (!/^application\/json\b/.test(request.headers['content-type'] ?? '')) return void refuse(response, 'invalid', 'send JSON (application/json)');
    const text = await readBody(request, MAX_BODY_BYTES);
    if (text === 'too-large') {
      response.on('finish', () => request.destroy());
      return void refuse(response, 'invalid', 'the request is too large');
    }
    const parsed = text === undefined ? undefined : schema.safeParse(parseJson(text));
    if (!parsed?.success) return void refuse(response, 'invalid', `the request is not valid: ${parsed?.error.issues[0]?.path.join('.') ?? 'no body'}`);
    return parsed.data;
  }

  const sessionCookie = (token: string, maxAgeSeconds: number): string =>
    `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; Secure; SameSite=Strict; Max-Age=${maxAgeSeconds}`;

  async function signInRoute(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const input = await body(request, response, SignInInput);
    if (!input) return;
    const outcome = await signIn.signIn(input, request.socket.remoteAddress ?? 'unknown');
    if (!outcome.ok) {
      const message =
        outcome.kind === 'locked'
          ? 'this account is locked after too many wrong passwords'
          : outcome.kind === 'rate-limited'
            ? 'too many tries from here'
            : 'wrong login or password';
      return refuse(response, outcome.kind, message, outcome.retryAfterSeconds);
    }
    json(response, 200, outcome.me, { 'set-cookie': sessionCookie(outcome.token, Math.floor(SESSION_TTL_MS / 1000)) });
  }

  function stream(request: IncomingMessage, response: ServerResponse, session: ConsoleSession, token: string): void {
    response.writeHead(200, { ...SECURITY_HEADERS, 'content-type': 'text/event-stream; charset=utf-8', connection: 'keep-alive' });
    response.write('retry: 2000\n\n');
    streams.add(response);
    const unwatch = wall.watch(session.stores, (next) => response.write(`event: wall\ndata: ${JSON.stringify(next)}\n\n`));
    const recheck = setInterval(() => {
      signIn
        .session(token)
        .then((still) => {
          if (still) response.write(': still here\n\n');
          else response.end();
        })
        .catch(() => response.write(': session unread\n\n'));
    }, STREAM_RECHECK_MS);
    const close = (): void => {
      clearInterval(recheck);
      unwatch();
      streams.delete(response);
    };
    request.on('close', close);
    response.on('close', close);
  }

  /** The periods asked, each store's figures; the facts caught up first, so a report includes the last orders. */
  async function readReport(query: ReportQuery, stores: readonly string[] | null): Promise<Report> {
    await reports.rollUp();
    const periods = [[query.from, query.to]];
    if (query.compareFrom && query.compareTo) periods.push([query.compareFrom, query.compareTo]);
    return {
      periods: await Promise.all(
        periods.map(async ([from = '', to = '']) => ({ from, to, stores: await reports.report(Date.parse(from), Date.parse(to), stores) })),
      ),
    };
  }

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = requestPath(request.url);
    if (path === undefined) return refuse(response, 'invalid', 'bad request target');
    if (!path.startsWith('/api/')) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(response, 'not-found', 'no such page');
      if (path === '/' || path === '/index.html') request.url = '/console.html';
      else if (path !== '/console.html' && !path.startsWith('/assets/')) return refuse(response, 'not-found', 'no such page');
      return page(request, response, () => refuse(response, 'not-found', 'no such page'));
    }
    const post = request.method === 'POST';
    if (!post && request.method !== 'GET') return refuse(response, 'not-found', 'no such route');
    if (post && foreignOrigin(request)) return refuse(response, 'csrf', 'a request from another site');
    if (path === '/api/sign-in' && post) return signInRoute(request, response);

    const token = cookieOf(request, SESSION_COOKIE);
    const session = token ? await signIn.session(token) : null;
    if (!token || !session) return refuse(response, 'unauthenticated', 'sign in first');
    if (post && !sameText(String(request.headers['x-csrf-token'] ?? ''), session.csrfToken))
      return refuse(response, 'csrf', 'the page’s token is missing or wrong');

    if (path === '/api/me' && !post) return json(response, 200, { login: session.login, name: session.name, role: session.role, csrfToken: session.csrfToken });
    if (path === '/api/sign-out' && post) {
      await signIn.signOut(token, session.login);
      return json(response, 200, { signedOut: true }, { 'set-cookie': sessionCookie('', 0) });
    }
    if (path === '/api/wall' && !post) return json(response, 200, await wall.read(session.stores));
    if (path === '/api/wall/stream' && !post) return stream(request, response, session, token);
    if (path === '/api/bulk/pause' && post) {
      const input = await body(request, response, BulkPauseInput);
      return input && answer(response, 202, await bulk.pause(session, input));
    }
    if (path === '/api/bulk/sold-out' && post) {
      const input = await body(request, response, BulkSoldOutInput);
      return input && answer(response, 202, await bulk.soldOut(session, input));
    }
    if (path === '/api/bulk/promotion' && post) {
      const input = await body(request, response, BulkPromotionInput);
      return input && answer(response, 202, await bulk.promotion(session, input));
    }
    if (path === '/api/bulk/hours' && post) {
      const input = await body(request, response, BulkHoursInput);
      return input && answer(response, 202, await bulk.hours(session, input));
    }
    if ((path === '/api/reports' || path === '/api/reports.csv') && !post) {
      const query = ReportQuery.safeParse(Object.fromEntries(new URL(request.url ?? '/', 'https://console').searchParams));
      if (!query.success) return refuse(response, 'invalid', `the report's period is not valid: ${query.error.issues[0]?.message ?? ''}`);
      const report = await readReport(query.data, session.stores);
      if (path === '/api/reports') return json(response, 200, report);
      return reply(
        response,
        { ...SECURITY_HEADERS, 'content-disposition': 'attachment; filename="report.csv"' },
        200,
        reportCsv(report),
        'text/csv; charset=utf-8',
      );
    }
    if (path === '/api/accounts') {
      if (!post) return answer(response, 200, await directory.accounts(session));
      const input = await body(request, response, NewAccountInput);
      return input && answer(response, 201, await directory.createAccount(session, input));
    }
    if (path === '/api/accounts/remove' && post) {
      const input = await body(request, response, RemoveAccountInput);
      return input && answer(response, 200, await directory.removeAccount(session, input));
    }
    if (path === '/api/groups') {
      if (!post) return json(response, 200, await directory.groups(session));
      const input = await body(request, response, StoreGroupInput);
      return input && answer(response, 200, await directory.saveGroup(session, input));
    }
    const storeId = /^\/api\/stores\/([\w.-]{1,64})$/.exec(path)?.[1];
    if (storeId && !post) {
      const shown = await stores.page(session, storeId);
      return shown ? json(response, 200, shown) : refuse(response, 'not-found', 'no such store among yours');
    }
    const busyStoreId = /^\/api\/stores\/([\w.-]{1,64})\/busy-mode$/.exec(path)?.[1];
    if (busyStoreId && post) {
      const input = await body(request, response, StoreBusyMode);
      return input && answer(response, 200, await stores.setBusyMode(session, busyStoreId, input));
    }
    const [, teamStoreId, teamChange] = /^\/api\/stores\/([\w.-]{1,64})\/team(?:\/(person|remove|sign-in))?$/.exec(path) ?? [];
    if (teamStoreId) return teamRoute(request, response, session, teamStoreId, post ? (teamChange ?? 'read') : teamChange ? 'none' : 'read');
    const bulkId = /^\/api\/bulk\/([0-9a-f-]{36})$/.exec(path)?.[1];
    if (bulkId && !post) {
      const view = await bulk.view(session, bulkId);
      return view ? json(response, 200, view) : refuse(response, 'not-found', 'no such bulk action');
    }
    refuse(response, 'not-found', 'no such route');
  }

  /** A store's team: read (GET), or a person saved, one removed, the sign-in switch set (POST, with the CSRF token). */
  async function teamRoute(request: IncomingMessage, response: ServerResponse, session: ConsoleSession, storeId: string, what: string): Promise<void> {
    const { teams } = options;
    if (what === 'read') return answer(response, 200, await teams.read(session, storeId));
    // A PIN travels in this body: it is hashed by the desk and never recorded, logged or answered.
    if (what === 'person') {
      const input = await body(request, response, StoreTeamPersonInput);
      return input && answer(response, 200, await teams.save(session, storeId, input));
    }
    if (what === 'remove') {
      const input = await body(request, response, StoreTeamRemoveInput);
      return input && answer(response, 200, await teams.remove(session, storeId, input));
    }
    if (what === 'sign-in') {
      const input = await body(request, response, StoreTeamSignInInput);
      return input && answer(response, 200, await teams.configure(session, storeId, input));
    }
    refuse(response, 'not-found', 'no such route');
  }

  const server = createServer(
    { cert: options.tls.certPem, key: options.tls.keyPem, headersTimeout: 10_000, requestTimeout: 30_000, maxHeaderSize: 16 * 1024 },
    (request, response) => {
      route(request, response).catch((error: unknown) => {
        logger.error('console: a request failed', { error });
        if (!response.headersSent) refuse(response, 'unavailable', 'the server could not answer now; try again');
        else response.destroy();
      });
    },
  );
  server.on('clientError', answerUnparsable);
  server.on('tlsClientError', () => undefined);
  const port = await listenOn(server, options.port, options.host);
  return {
    port,
    close: () => {
      for (const open of streams) open.end();
      return closeNow(server);
    },
  };
}
