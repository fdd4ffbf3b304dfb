import type { RawHttp } from '../sandbox/sandbox';

type Method = 'GET' | 'POST' | 'PUT';

/** What the platform did to the store in a rush, from the sandbox's logs. */
export interface RushRecord {
  /** The platform's automatic closures of the store: rule and moment (ISO). */
  closures: { rule: string; at: string }[];
  /** Pauses the terminal made on the platform (POST /merchants/{id}/interruptions answered 201). */
  pauses: number;
  /** Pauses lifted by a call (DELETE …/interruptions/{id}): busy mode never sends one. */
  resumes: number;
}

/** The platform's side of a rush over the sandbox's HTTP routes: one process or end to end, the same calls. */
export interface RushPlatform {
  /** A control route (customers and drivers are the platform's people); refused answers throw. */
  control(method: Method, path: string, json?: unknown): Promise<Record<string, unknown>>;
  /** What a customer's app sees: the store takes orders while any of its entries is available. */
  open(): Promise<boolean>;
  /** The sandbox's clock, in epoch ms. */
  now(): Promise<number>;
  /** The platform's automatic closures of the store so far. */
  closures(): Promise<RushRecord['closures']>;
  /** The store's closures, pauses and resumes so far. */
  record(): Promise<RushRecord>;
}

export function rushPlatform(http: RawHttp, merchantId: string): RushPlatform {
  const control = async (method: Method, path: string, json?: unknown): Promise<Record<string, unknown>> => {
    const response = await http.send(method, path, json === undefined ? {} : { json });
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body as Record<string, unknown>;
  };
  let token: string | undefined;
  const closures = async (): Promise<RushRecord['closures']> =>
    ((await control('GET', `/_sandbox/auto-closure/closures?merchantId=${merchantId}`)).closures as RushRecord['closures']).map(({ rule, at }) => ({
      rule,
      at,
    }));
  return {
    control,
    async open() {
      const path = `/merchant/v1.0/merchants/${merchantId}/status`;
      let response = await http.send('GET', path, { token: (token ??= await http.token()) });
      if (response.status === 401) response = await http.send('GET', path, { token: (token = await http.token()) });
      return (response.body as { available: boolean }[]).some((entry) => entry.available);
    },
    now: async () => Date.parse((await control('GET', '/_sandbox/clock')).now as string),
    closures,
    async record() {
      const calls = (await control('GET', `/_sandbox/calls?merchantId=${merchantId}`)).calls as { method: string; route: string; status: number | null }[];
      return {
        closures: await closures(),
        pauses: calls.filter((c) => c.route === 'POST /merchants/{merchantId}/interruptions' && c.status === 201).length,
        resumes: calls.filter((c) => c.method === 'DELETE' && c.route.includes('/interruptions')).length,
      };
    },
  };
}
