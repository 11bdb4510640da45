import type { CallBodyInput, CallDef, CallResponse, ErrorEnvelope } from '../../contract/index.ts';

/** A failed call, as a code: the UI turns codes into words (error-messages.ts). */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    /** The server's message, kept for the error popup's "Reason". */
    readonly serverMessage: string,
    readonly status: number,
  ) {
    super(`${code}: ${serverMessage}`);
  }
}

export interface ApiClientOptions {
  fetch?: typeof fetch;
  baseUrl?: string;
}

export interface ApiClient {
  call<C extends CallDef>(def: C, body?: CallBodyInput<C>, init?: { signal?: AbortSignal }): Promise<CallResponse<C>>;
  /** Requests under way that show the global loader (calls marked noLoader do not count). */
  pendingCount(): number;
  subscribePending(listener: () => void): () => void;
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const baseUrl = options.baseUrl ?? '';
  let pending = 0;
  const listeners = new Set<() => void>();
  const setPending = (delta: number) => {
    pending += delta;
    for (const l of listeners) l();
  };

  async function request(def: CallDef, body: unknown, signal?: AbortSignal): Promise<Response> {
    if (def.method === 'GET') {
      const query = new URLSearchParams(
        Object.entries((body ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
      ).toString();
      return doFetch(`${baseUrl}/api/${def.name}${query ? `?${query}` : ''}`, { signal });
    }
    return doFetch(`${baseUrl}/api/${def.name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
      signal,
    });
  }

  return {
    async call(def, body, init) {
      const counted = !def.noLoader;
      if (counted) setPending(1);
      try {
        const response = await request(def, body, init?.signal);
        const data = (await response.json().catch(() => undefined)) as
          | ({ result?: unknown; ErrorCode?: unknown } & Partial<Omit<ErrorEnvelope, 'result' | 'ErrorCode'>>)
          | undefined;
        // Spec §7: a response is read for its result flag; anything else is an error.
        if (data?.result === true) return data as CallResponse<typeof def>;
        if (data && typeof data.ErrorCode === 'string') {
          throw new ApiError(data.ErrorCode, data.message ?? '', response.status);
        }
        if (response.status === 401) throw new ApiError('Unauthorized', 'Unauthorized', 401);
        throw new ApiError('UnknownError', 'Unknown error', response.status);
      } finally {
        if (counted) setPending(-1);
      }
    },
    pendingCount: () => pending,
    subscribePending(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
