import type { HttpRequest, HttpResponse, Transport } from '../../../src-main/api/transport';
import { createLogger, type Logger } from '../../../src-main/base/log';

/** A transport answered by a function, recording every request: for client unit tests. */
export interface FakeTransport extends Transport {
  requests: HttpRequest[];
}

export function fakeTransport(answer: (request: HttpRequest, index: number) => HttpResponse | Promise<HttpResponse>): FakeTransport {
  const requests: HttpRequest[] = [];
  return {
    requests,
    async send(request) {
      requests.push(request);
      return answer(request, requests.length - 1);
    },
    async close() {},
  };
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): HttpResponse {
  return { status, headers: { 'content-type': 'application/json', ...headers }, body };
}

/** A logger that keeps every line, to assert what was (and was not) logged. */
export function recordingLogger(level: 'debug' | 'info' = 'debug'): Logger & { lines: string[] } {
  const lines: string[] = [];
  const logger = createLogger({ write: (line) => lines.push(line), level });
  return Object.assign(logger, { lines });
}

/** Lets pending promise callbacks (and setImmediate work) run. */
export async function settle(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => setImmediate(resolve));
}
