import { Agent, request } from 'undici';
import { Wall } from '../../../src-shared/console/console-api';

/** What a console call answered: status, headers, the parsed JSON body. */
export interface ConsoleAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

// The replicas' certificate is the test's own self-signed one: the console is reached as a browser that accepted it.
const agent = new Agent({ connect: { rejectUnauthorized: false } });

/**
 * A browser's side of the manager console, for tests: keeps the session cookie a sign-in sets and
 * sends the CSRF token on every change, as the page does; each part can be left out or forged.
 */
export class ConsoleClient {
  cookie: string | undefined;
  csrf: string | undefined;

  constructor(readonly base: string) {}

  async call(method: 'GET' | 'POST', path: string, options: { json?: unknown; headers?: Record<string, string> } = {}): Promise<ConsoleAnswer> {
    const headers: Record<string, string> = { ...(this.cookie ? { cookie: this.cookie } : {}) };
    if (method === 'POST') {
      headers['content-type'] = 'application/json';
      if (this.csrf) headers['x-csrf-token'] = this.csrf;
    }
    Object.assign(headers, options.headers);
    const response = await request(`${this.base}${path}`, {
      method,
      headers,
      dispatcher: agent,
      ...(options.json === undefined ? {} : { body: JSON.stringify(options.json) }),
    });
    const text = await response.body.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    return { status: response.statusCode, headers: response.headers, body };
  }

  async signIn(login: string, password: string): Promise<ConsoleAnswer> {
    const answer = await this.call('POST', '/api/sign-in', { json: { login, password } });
    const set = answer.headers['set-cookie'];
    const cookie = (Array.isArray(set) ? set[0] : set)?.split(';')[0];
    if (answer.status === 200 && cookie) {
      this.cookie = cookie;
      this.csrf = (answer.body as { csrfToken: string }).csrfToken;
    }
    return answer;
  }
}

/** The kind of a console refusal. */
export const refusalKind = (answer: ConsoleAnswer): string | undefined => (answer.body as { error?: { kind?: string } } | null)?.error?.kind;

/** The console's wall as the owner's browser reads it (a refusal fails the test with its body). */
export async function readWall(client: ConsoleClient): Promise<Wall> {
  const answer = await client.call('GET', '/api/wall');
  if (answer.status !== 200) throw new Error(`the wall was refused: ${answer.status} ${JSON.stringify(answer.body)}`);
  return Wall.parse(answer.body);
}
