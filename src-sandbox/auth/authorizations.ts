import { randomBytes, randomInt } from 'node:crypto';
import type { SandboxClock } from '../clock';

/**
 * The authorization-code flow of a distributed application (spec §5 items 5–6, docs/merchant-api.md
 * the spec's gaps), on the sandbox clock:
 *   1. the application asks for a user code (POST /oauth/userCode) and keeps the verifier;
 *   2. a merchant, in the portal (here `/_sandbox/authorize`), enters the user code and picks the
 *      stores it authorizes: the application is granted those stores and an authorization code is
 *      shown;
 *   3. the application exchanges the code with its verifier (grant_type=authorization_code) for a
 *      token scoped to those stores.
 * A user code lives USER_CODE_SECONDS and is authorized once; an authorization code lives
 * AUTHORIZATION_CODE_SECONDS from its issue and is redeemed once: any exchange attempt by the right
 * client spends it, a wrong verifier included (a code presented with a wrong verifier is treated as
 * intercepted).
 */
export const USER_CODE_SECONDS = 600;
export const AUTHORIZATION_CODE_SECONDS = 300;

/** No vowels (no words), no look-alikes (RFC 8628 §6.1). */
const ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';

function groups(count: number): string {
  const group = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return Array.from({ length: count }, group).join('-');
}

/** What a person types: case, spaces and dashes do not matter. */
export function normalizeCode(text: string): string {
  const bare = text.toUpperCase().replace(/[\s-]/g, '');
  return bare.match(/.{1,4}/g)?.join('-') ?? '';
}

export interface UserCodeRecord {
  userCode: string;
  clientId: string;
  verifier: string;
  expiresAtMs: number;
  /** Set once a merchant authorized it. */
  authorizationCode?: string;
}

interface CodeRecord {
  clientId: string;
  verifier: string;
  merchantIds: string[];
  expiresAtMs: number;
}

export type AuthorizeOutcome =
  { ok: true; authorizationCode: string; clientId: string; expiresAtMs: number } | { ok: false; reason: 'unknown' | 'expired' | 'used' };

export type RedeemOutcome = { ok: true; merchantIds: string[] } | { ok: false; reason: 'unknown' | 'expired' | 'client' | 'verifier' };

export class AuthorizationDesk {
  private userCodes = new Map<string, UserCodeRecord>();
  private codes = new Map<string, CodeRecord>();
  /** clientId → the stores merchants authorized it for. */
  private grants = new Map<string, Set<string>>();

  constructor(
    private readonly clock: SandboxClock,
    /** How long a user code lives (the spec's platform: 10 minutes; a test may shorten it). */
    readonly userCodeSeconds: number = USER_CODE_SECONDS,
  ) {}

  startUserCode(clientId: string): UserCodeRecord {
    let userCode = groups(2);
    while (this.userCodes.has(userCode)) userCode = groups(2);
    const record: UserCodeRecord = {
      userCode,
      clientId,
      verifier: randomBytes(32).toString('base64url'),
      expiresAtMs: this.clock.now() + this.userCodeSeconds * 1000,
    };
    this.userCodes.set(userCode, record);
    return record;
  }

  userCode(text: string): UserCodeRecord | undefined {
    return this.userCodes.get(normalizeCode(text));
  }

  /** The merchant authorizes the application behind the user code for these stores. */
  authorize(userCodeText: string, merchantIds: readonly string[]): AuthorizeOutcome {
    const record = this.userCode(userCodeText);
    const now = this.clock.now();
    if (!record) return { ok: false, reason: 'unknown' };
    if (record.authorizationCode) return { ok: false, reason: 'used' };
    if (now >= record.expiresAtMs) return { ok: false, reason: 'expired' };
    let code = groups(3);
    while (this.codes.has(code)) code = groups(3);
    const expiresAtMs = now + AUTHORIZATION_CODE_SECONDS * 1000;
    this.codes.set(code, { clientId: record.clientId, verifier: record.verifier, merchantIds: [...new Set(merchantIds)], expiresAtMs });
    record.authorizationCode = code;
    const granted = this.grants.get(record.clientId) ?? new Set<string>();
    for (const id of merchantIds) granted.add(id);
    this.grants.set(record.clientId, granted);
    return { ok: true, authorizationCode: code, clientId: record.clientId, expiresAtMs };
  }

  /** Exchanges a code once; the verifier must be the one handed out with its user code. */
  redeem(codeText: string, clientId: string, verifier: string): RedeemOutcome {
    const code = normalizeCode(codeText);
    const record = this.codes.get(code);
    if (!record) return { ok: false, reason: 'unknown' };
    if (record.clientId !== clientId) return { ok: false, reason: 'client' };
    this.codes.delete(code);
    if (this.clock.now() >= record.expiresAtMs) return { ok: false, reason: 'expired' };
    if (record.verifier !== verifier) return { ok: false, reason: 'verifier' };
    return { ok: true, merchantIds: record.merchantIds };
  }

  isGranted(clientId: string, merchantId: string): boolean {
    return this.grants.get(clientId)?.has(merchantId) ?? false;
  }

  /** Applications that merchants authorized for this store. */
  granteesOf(merchantId: string): string[] {
    return [...this.grants].filter(([, stores]) => stores.has(merchantId)).map(([clientId]) => clientId);
  }

  reset(): void {
    this.userCodes = new Map();
    this.codes = new Map();
    this.grants = new Map();
  }
}
