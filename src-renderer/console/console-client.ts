import type { z } from 'zod';
import {
  BulkHoursInput,
  BulkPauseInput,
  BulkPromotionInput,
  BulkSoldOutInput,
  BulkView,
  ConsoleAccountList,
  ConsoleError,
  type ConsoleErrorKind,
  ConsoleMe,
  NewAccountInput,
  RemoveAccountInput,
  Report,
  ReportQuery,
  SignInInput,
  StoreBusyMode,
  StoreGroupInput,
  StoreGroupList,
  StorePage,
  StoreTeam,
  StoreTeamPersonInput,
  StoreTeamRemoveInput,
  StoreTeamSignInInput,
  Wall,
} from '../../src-shared/console/console-api';

/**
 * Why a call failed: the server's own kind (its ConsoleError body), or the page's when no answer
 * came (`connection`) or the answer broke its schema (`unreadable`). The page words the kind; the
 * server's message is only a detail.
 */
export type ConsoleFailureKind = ConsoleErrorKind | 'connection' | 'unreadable';
export interface ConsoleFailure {
  kind: ConsoleFailureKind;
  message: string;
  /** The HTTP status, when an answer came. */
  status: number | null;
  retryAfterSeconds: number | null;
}
export type Answer<T> = { ok: true; value: T } | { ok: false; error: ConsoleFailure };

/** A refusal whose body is not the console's (a proxy's page, an empty 502): its kind by the status alone. */
const KIND_OF_STATUS: Record<number, ConsoleErrorKind> = {
  400: 'invalid',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not-found',
  423: 'locked',
  429: 'rate-limited',
};

export const failure = (kind: ConsoleFailureKind, message: string, status: number | null = null, retryAfterSeconds: number | null = null): ConsoleFailure => ({
  kind,
  message,
  status,
  retryAfterSeconds,
});

async function bodyOf(response: Response): Promise<unknown> {
  try {
    return JSON.parse(await response.text());
  } catch {
    return undefined;
  }
}

function refusal(response: Response, body: unknown): ConsoleFailure {
  const parsed = ConsoleError.safeParse(body);
  if (parsed.success) return failure(parsed.data.error.kind, parsed.data.error.message, response.status, parsed.data.error.retryAfterSeconds ?? null);
  const header = Number(response.headers.get('retry-after'));
  return failure(
    KIND_OF_STATUS[response.status] ?? 'unavailable',
    `HTTP ${response.status}`,
    response.status,
    Number.isFinite(header) && header > 0 ? header : null,
  );
}

/** Where a report is read (`json`, the page's table) or downloaded (`csv`), for the periods of `query`. */
export function reportPath(format: 'json' | 'csv', query: ReportQuery): string {
  const search = new URLSearchParams({ from: query.from, to: query.to });
  if (query.compareFrom !== undefined && query.compareTo !== undefined) {
    search.set('compareFrom', query.compareFrom);
    search.set('compareTo', query.compareTo);
  }
  return `/api/reports${format === 'csv' ? '.csv' : ''}?${search.toString()}`;
}

/** What a store's page needs to hear the wall live (`EventSource`, or a fake in a test). */
export type EventSourceLike = Pick<EventSource, 'addEventListener' | 'close' | 'readyState'>;
export type OpenEventSource = (url: string) => EventSourceLike;

export interface WallStreamHandlers {
  wall(wall: Wall): void;
  open(): void;
  /** The stream broke; `closed` when the browser gave up on it (it reconnects by itself otherwise). */
  trouble(closed: boolean): void;
}

/**
 * The console's API over `fetch` (same origin: the session is an HttpOnly cookie the page never
 * sees). Every input is parsed before it is sent and every answer with its schema
 * (src-shared/console/console-api.ts); nothing throws: a call answers a value or a failure.
 */
export class ConsoleClient {
  constructor(
    private readonly fetcher: typeof fetch = (input, init) => fetch(input, init),
    private readonly openEvents: OpenEventSource = (url) => new EventSource(url),
  ) {}

  me(): Promise<Answer<ConsoleMe>> {
    return this.#call('/api/me', ConsoleMe);
  }

  signIn(input: SignInInput): Promise<Answer<ConsoleMe>> {
    return this.#send('/api/sign-in', SignInInput, input, ConsoleMe, null);
  }

  /** Any 2xx is done: the server forgets the session and clears its cookie. */
  async signOut(csrfToken: string): Promise<Answer<null>> {
    return this.#exchange('/api/sign-out', { method: 'POST', headers: { 'x-csrf-token': csrfToken } }, null);
  }

  wall(): Promise<Answer<Wall>> {
    return this.#call('/api/wall', Wall);
  }

  /** A store's page: its wall row, its open orders and its latest events (not-found outside the session's stores). */
  storePage(storeId: string): Promise<Answer<StorePage>> {
    return this.#call(`/api/stores/${encodeURIComponent(storeId)}`, StorePage);
  }

  /** The chain's store groups (an area manager's own). */
  groups(): Promise<Answer<StoreGroupList>> {
    return this.#call('/api/groups', StoreGroupList);
  }

  /** A group made (no id) or replaced whole (its id); answers the groups as they are now. */
  saveGroup(input: StoreGroupInput, csrfToken: string): Promise<Answer<StoreGroupList>> {
    return this.#send('/api/groups', StoreGroupInput, input, StoreGroupList, csrfToken);
  }

  /** The console's accounts (owners only). */
  accounts(): Promise<Answer<ConsoleAccountList>> {
    return this.#call('/api/accounts', ConsoleAccountList);
  }

  /** A new account; answers the accounts as they are now (a login taken is refused as `invalid`). */
  createAccount(input: NewAccountInput, csrfToken: string): Promise<Answer<ConsoleAccountList>> {
    return this.#send('/api/accounts', NewAccountInput, input, ConsoleAccountList, csrfToken);
  }

  /** Removes an account (never your own, never the last owner); answers the accounts as they are now. */
  removeAccount(input: RemoveAccountInput, csrfToken: string): Promise<Answer<ConsoleAccountList>> {
    return this.#send('/api/accounts/remove', RemoveAccountInput, input, ConsoleAccountList, csrfToken);
  }

  /** A store's busy mode on or off, with its minutes (an owner, or the store's area manager). */
  setBusyMode(storeId: string, input: StoreBusyMode, csrfToken: string): Promise<Answer<StoreBusyMode>> {
    return this.#send(`/api/stores/${encodeURIComponent(storeId)}/busy-mode`, StoreBusyMode, input, StoreBusyMode, csrfToken);
  }

  /** A store's team: its people, its sign-in, its trail's latest lines. */
  storeTeam(storeId: string): Promise<Answer<StoreTeam>> {
    return this.#call(`/api/stores/${encodeURIComponent(storeId)}/team`, StoreTeam);
  }

  /** A person added or changed (an owner, or the store's area manager); answers the team as it is now. */
  saveTeamPerson(storeId: string, input: StoreTeamPersonInput, csrfToken: string): Promise<Answer<StoreTeam>> {
    return this.#send(`/api/stores/${encodeURIComponent(storeId)}/team/person`, StoreTeamPersonInput, input, StoreTeam, csrfToken);
  }

  removeTeamPerson(storeId: string, input: StoreTeamRemoveInput, csrfToken: string): Promise<Answer<StoreTeam>> {
    return this.#send(`/api/stores/${encodeURIComponent(storeId)}/team/remove`, StoreTeamRemoveInput, input, StoreTeam, csrfToken);
  }

  /** The store's sign-in by PIN on or off, and its idle minutes. */
  setTeamSignIn(storeId: string, input: StoreTeamSignInInput, csrfToken: string): Promise<Answer<StoreTeam>> {
    return this.#send(`/api/stores/${encodeURIComponent(storeId)}/team/sign-in`, StoreTeamSignInInput, input, StoreTeam, csrfToken);
  }

  bulkPause(input: BulkPauseInput, csrfToken: string): Promise<Answer<BulkView>> {
    return this.#send('/api/bulk/pause', BulkPauseInput, input, BulkView, csrfToken);
  }

  bulkSoldOut(input: BulkSoldOutInput, csrfToken: string): Promise<Answer<BulkView>> {
    return this.#send('/api/bulk/sold-out', BulkSoldOutInput, input, BulkView, csrfToken);
  }

  /** One week of opening hours for many stores (a complete replacement in each). */
  bulkHours(input: BulkHoursInput, csrfToken: string): Promise<Answer<BulkView>> {
    return this.#send('/api/bulk/hours', BulkHoursInput, input, BulkView, csrfToken);
  }

  /** One promotion in many stores. */
  bulkPromotion(input: BulkPromotionInput, csrfToken: string): Promise<Answer<BulkView>> {
    return this.#send('/api/bulk/promotion', BulkPromotionInput, input, BulkView, csrfToken);
  }

  /** Each store's figures over the period asked (and the earlier one, when compared). */
  report(query: ReportQuery): Promise<Answer<Report>> {
    const checked = ReportQuery.safeParse(query);
    if (!checked.success) return Promise.resolve({ ok: false, error: failure('invalid', checked.error.issues[0]?.message ?? 'invalid') });
    return this.#call(reportPath('json', checked.data), Report);
  }

  bulk(bulkId: string): Promise<Answer<BulkView>> {
    return this.#call(`/api/bulk/${encodeURIComponent(bulkId)}`, BulkView);
  }

  /** The wall pushed on each change (`event: wall`); returns how to stop hearing it. */
  streamWall(handlers: WallStreamHandlers): () => void {
    const source = this.openEvents('/api/wall/stream');
    source.addEventListener('open', () => handlers.open());
    source.addEventListener('wall', (event) => {
      let body: unknown;
      try {
        body = JSON.parse(String((event as MessageEvent).data));
      } catch {
        return;
      }
      const parsed = Wall.safeParse(body);
      if (parsed.success) handlers.wall(parsed.data);
    });
    // EventSource.CLOSED is 2 (not read off the global: a test's fake has none).
    source.addEventListener('error', () => handlers.trouble(source.readyState === 2));
    return () => source.close();
  }

  #call<T>(path: string, schema: z.ZodType<T>): Promise<Answer<T>> {
    return this.#exchange(path, { method: 'GET', headers: { accept: 'application/json' } }, schema);
  }

  #send<I, T>(path: string, inputSchema: z.ZodType<I>, input: I, schema: z.ZodType<T>, csrfToken: string | null): Promise<Answer<T>> {
    const checked = inputSchema.safeParse(input);
    if (!checked.success) return Promise.resolve({ ok: false, error: failure('invalid', checked.error.issues[0]?.path.join('.') ?? 'invalid') });
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (csrfToken !== null) headers['x-csrf-token'] = csrfToken;
    return this.#exchange(path, { method: 'POST', headers, body: JSON.stringify(checked.data) }, schema);
  }

  async #exchange<T>(path: string, init: RequestInit, schema: z.ZodType<T> | null): Promise<Answer<T>> {
    let response: Response;
    try {
      response = await this.fetcher(path, { ...init, credentials: 'same-origin', cache: 'no-store' });
    } catch (error) {
      return { ok: false, error: failure('connection', error instanceof Error ? error.message : String(error)) };
    }
    const body = await bodyOf(response);
    if (!response.ok) return { ok: false, error: refusal(response, body) };
    if (schema === null) return { ok: true, value: null as T };
    const parsed = schema.safeParse(body);
    if (!parsed.success) return { ok: false, error: failure('unreadable', `${path}: ${parsed.error.issues[0]?.message ?? 'not JSON'}`, response.status) };
    return { ok: true, value: parsed.data };
  }
}
