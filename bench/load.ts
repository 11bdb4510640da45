/**
 * A bounded closed-loop load generator: `concurrency` workers, each with its own keep-alive
 * connection to a loopback port, send a request, read the whole answer, send the next. It runs a
 * warm-up, then measures for a fixed time, then stops by itself.
 */
import http from 'node:http';

export interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** JSON bodies sent in turn (POST); one is enough for a fixed request. */
  bodies?: readonly unknown[];
  /** Extra request headers (a member's bearer token). */
  headers?: Readonly<Record<string, string>>;
}

export interface LoadOptions {
  concurrency: number;
  warmupMs: number;
  durationMs: number;
}

export interface LoadResult {
  scenario: string;
  concurrency: number;
  requests: number;
  errors: number;
  /** First non-200 status seen, with the start of its body, to explain errors. */
  firstError?: string;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Server CPU time per measured request (µs), when the caller could read it. */
  cpuMicrosPerRequest?: number;
}

interface Answer {
  status: number;
  body: string;
}

function request(
  agent: http.Agent,
  port: number,
  method: string,
  path: string,
  body?: Buffer,
  extraHeaders: Readonly<Record<string, string>> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: { ...extraHeaders, ...(body ? { 'content-type': 'application/json', 'content-length': body.length } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** One request, for checking a scenario's answers before loading it. */
export async function once(port: number, scenario: Scenario, body?: unknown): Promise<{ status: number; json: unknown }> {
  const agent = new http.Agent({ keepAlive: false });
  try {
    const answer = await request(
      agent,
      port,
      scenario.method,
      scenario.path,
      body === undefined ? undefined : Buffer.from(JSON.stringify(body)),
      scenario.headers,
    );
    let json: unknown;
    try {
      json = JSON.parse(answer.body);
    } catch {
      json = answer.body;
    }
    return { status: answer.status, json };
  } finally {
    agent.destroy();
  }
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * Runs the scenario against 127.0.0.1:port. Requests that complete inside the measured window
 * count towards requests/s and the latency percentiles; warm-up requests do not.
 */
export async function runLoad(port: number, scenario: Scenario, options: LoadOptions): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency, maxFreeSockets: options.concurrency });
  const bodies = scenario.method === 'POST' ? (scenario.bodies ?? [{}]).map((b) => Buffer.from(JSON.stringify(b))) : [undefined];
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  let next = 0;

  const start = performance.now();
  const measureFrom = start + options.warmupMs;
  const measureTo = measureFrom + options.durationMs;

  async function worker() {
    while (performance.now() < measureTo) {
      const body = bodies[next++ % bodies.length];
      const sent = performance.now();
      let status = 0;
      try {
        const answer = await request(agent, port, scenario.method, scenario.path, body, scenario.headers);
        status = answer.status;
        if (status !== 200) firstError ??= `${status} ${answer.body.slice(0, 200)}`;
      } catch (error) {
        firstError ??= error instanceof Error ? error.message : String(error);
      }
      const done = performance.now();
      if (done >= measureFrom && done < measureTo) {
        latencies.push(done - sent);
        if (status !== 200) errors++;
      }
    }
  }

  try {
    await Promise.all(Array.from({ length: options.concurrency }, worker));
  } finally {
    agent.destroy();
  }

  const sorted = Float64Array.from(latencies).sort();
  return {
    scenario: scenario.name,
    concurrency: options.concurrency,
    requests: latencies.length,
    errors,
    firstError,
    rps: latencies.length / (options.durationMs / 1000),
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1]! : NaN,
  };
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
