/**
 * Redis, for what several server processes must share (DESIGN §11): rate limits (rate-limit.ts) and the
 * signal that drops a changed product from every process's cache (product-cache.ts). Used only when
 * REDIS_URL is set; one process needs none of it.
 *
 * The client is @redis/client, the core of node-redis (the Redis project's own Node client, typed, promise
 * based, no dependencies). Two connections: a connection that subscribes can run no other command.
 */
import { createClient } from '@redis/client';
import type { Logger } from 'pino';

const newClient = (url: string) => createClient({ url });
export type RedisClient = ReturnType<typeof newClient>;

export interface Redis {
  /** Runs commands (counters, publishing). */
  client: RedisClient;
  /** Put before every key and channel name, so several shops (or test runs) can share one server. */
  prefix: string;
  /** Calls `listener` with each message published on `channel` (prefixed here). */
  subscribe(channel: string, listener: (message: string) => void): Promise<void>;
  publish(channel: string, message: string): Promise<void>;
  /**
   * Calls `listener` each time the subscribing connection is back after it was lost (the client subscribes
   * again by itself): whatever was published meanwhile was missed.
   */
  onResubscribed(listener: () => void): void;
  close(): Promise<void>;
}

export async function connectRedis(url: string, prefix: string, log: Logger): Promise<Redis> {
  const client = newClient(url);
  // Named, so an operator (or a test) can tell the subscribing connection in CLIENT LIST.
  const subscriber = client.duplicate({ name: `${prefix.replace(/[^\w.:-]/g, '_')}subscriber-${process.pid}` });
  const resubscribed: Array<() => void> = [];
  let readies = 0;
  subscriber.on('ready', () => {
    readies += 1;
    if (readies > 1) for (const listener of resubscribed) listener();
  });
  // Without listeners an error event (a lost connection, which the client then reconnects) ends the process.
  client.on('error', (err: unknown) => log.warn({ err }, 'redis connection error'));
  subscriber.on('error', (err: unknown) => log.warn({ err }, 'redis subscriber connection error'));
  await Promise.all([client.connect(), subscriber.connect()]);
  return {
    client,
    prefix,
    async subscribe(channel, listener) {
      await subscriber.subscribe(prefix + channel, (message) => listener(message));
    },
    async publish(channel, message) {
      await client.publish(prefix + channel, message);
    },
    onResubscribed(listener) {
      resubscribed.push(listener);
    },
    async close() {
      await Promise.allSettled([subscriber.close(), client.close()]);
    },
  };
}
