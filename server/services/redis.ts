/**
 * Redis, for what several server processes must share (DESIGN §11): rate limits (rate-limit.ts) and the
 * signal that drops a changed product from every process's cache (product-cache.ts). Used only when
 * REDIS_URL is set; one process needs none of it.
 *
 * The client is @redis/client, the core of node-redis (the Redis project's own Node client, typed, promise
 * based, no dependencies). Two connections: a connection that subscribes can run no other command.
 *
 * Redis is never needed to serve: connectRedis returns at once and connects in the background, for as long
 * as it takes. While Redis does not answer (down, unreachable, or accepting and never answering), the shop
 * degrades in a stated way, logged once per outage: rate limits are counted in each process alone, and
 * product-cache drops are not shared (each process's cache is cleared when its subscription is back). Both
 * return to Redis by themselves once it answers again.
 */
import { createClient } from '@redis/client';
import type { Logger } from 'pino';

/** How long one command may wait for an answer before its caller falls back (a rate limit is counted in milliseconds). */
export const REDIS_COMMAND_TIMEOUT_MS = 1_000;
/** How long opening a connection (TCP and the HELLO handshake) may take before it is tried again. */
const CONNECT_TIMEOUT_MS = 2_000;
/** Reconnect delays double from this… */
const RECONNECT_FIRST_MS = 100;
/** …up to this, and reconnecting never stops. */
const RECONNECT_CAP_MS = 5_000;
/** A PING this often keeps a healthy connection busy, so that SOCKET_IDLE_MS closes only a hung one. */
const PING_MS = 2_000;
/**
 * A connection with no traffic this long is closed and opened again: this is what ends a handshake with a
 * server that accepted the connection and never answers (the client sets no timeout on the handshake).
 */
const SOCKET_IDLE_MS = 6_000;
/** While Redis is out, how often a PING asks whether it answers again (a connection can look open and hang). */
const PROBE_MS = 2_000;

/** Grows from RECONNECT_FIRST_MS to RECONNECT_CAP_MS, with a little jitter so processes do not retry in step. */
export function reconnectDelay(retries: number): number {
  return Math.min(RECONNECT_FIRST_MS * 2 ** Math.min(retries, 16), RECONNECT_CAP_MS) + Math.floor(Math.random() * 100);
}

const newClient = (url: string) =>
  createClient({
    url,
    socket: {
      connectTimeout: CONNECT_TIMEOUT_MS,
      socketTimeout: SOCKET_IDLE_MS,
      // A number, never false: the client's default gives up after a socket timeout, and so would this shop's sharing.
      reconnectStrategy: (retries) => reconnectDelay(retries),
    },
    pingInterval: PING_MS,
    // While disconnected a command is refused at once rather than queued until Redis is back (or forever).
    disableOfflineQueue: true,
    commandOptions: { timeout: REDIS_COMMAND_TIMEOUT_MS },
  });
export type RedisClient = ReturnType<typeof newClient>;

export interface Redis {
  /** Runs commands (counters, publishing). Ask isAvailable() first: while Redis is out, a command is refused. */
  client: RedisClient;
  /** Put before every key and channel name, so several shops (or test runs) can share one server. */
  prefix: string;
  /** Resolves once both connections first answer (never rejects: that may never come). Tests wait for it; the server does not. */
  connected: Promise<void>;
  /** Whether Redis answers now: while it does not, callers use their fallback without sending anything. */
  isAvailable(): boolean;
  /**
   * A command failed or timed out: the outage starts here (logged once, with `fallback`, what the caller does
   * instead) and lasts until Redis answers a PING again.
   */
  reportFailure(err: unknown): void;
  /**
   * Calls `listener` with each message published on `channel` (prefixed here). Returns at once when Redis is
   * out: the subscription is made when it answers (and onResubscribed's listeners are called then).
   */
  subscribe(channel: string, listener: (message: string) => void): Promise<void>;
  /** Publishes, or does nothing while Redis is out (the outage is logged once; subscribers clear their caches when back). */
  publish(channel: string, message: string): Promise<void>;
  /**
   * Calls `listener` each time the subscribing connection starts listening later than it was asked to: when it
   * is back after it was lost (the client subscribes again by itself), or when Redis first answers after a
   * subscription was asked for while it was out. Whatever was published meanwhile was missed.
   */
  onResubscribed(listener: () => void): void;
  close(): Promise<void>;
}

/** Opens the two connections in the background and returns at once: the server starts whether Redis answers or not. */
export function connectRedis(url: string, prefix: string, log: Logger): Redis {
  const client = newClient(url);
  // Named, so an operator (or a test) can tell the subscribing connection in CLIENT LIST.
  const subscriber = client.duplicate({ name: `${prefix.replace(/[^\w.:-]/g, '_')}subscriber-${process.pid}` });
  const resubscribed: Array<() => void> = [];
  let closed = false;

  // Commands: available from the first answered PING until a failure; one warning per outage, one note when back.
  let available = false;
  let inOutage = false;
  let probe: NodeJS.Timeout | undefined;
  let markConnected: () => void = () => {};
  let markSubscriberConnected: () => void = () => {};
  const connected = Promise.all([
    new Promise<void>((resolve) => (markConnected = resolve)),
    new Promise<void>((resolve) => (markSubscriberConnected = resolve)),
  ]).then(() => {});
  const markDown = (err: unknown) => {
    available = false;
    if (closed) return;
    if (!inOutage) {
      inOutage = true;
      log.warn(
        { err },
        'Redis does not answer: rate limits are counted in this process alone, and product-cache drops are not shared, until it answers again',
      );
    } else log.debug({ err }, 'Redis still does not answer');
    probe ??= setInterval(checkBack, PROBE_MS).unref();
  };
  const markUp = () => {
    if (closed || available) return;
    available = true;
    clearInterval(probe);
    probe = undefined;
    if (inOutage) log.info('Redis answers again: rate limits and product-cache drops are shared through it again');
    inOutage = false;
    markConnected();
  };
  function checkBack() {
    if (closed || available || !client.isReady) return;
    client.ping().then(markUp, (err: unknown) => log.debug({ err }, 'Redis still does not answer'));
  }
  const isAvailable = () => {
    // A connection lost between two error events still counts as an outage (and is logged as one).
    if (available && !client.isReady) markDown(new Error('Redis connection lost'));
    return available;
  };
  client.on('ready', checkBack);
  // Every failed reconnect emits an error; without a listener an error event would end the process.
  client.on('error', markDown);

  // Subscriptions: asked for at any time, made on the subscribing connection whenever it is ready.
  const channels = new Map<string, (message: string) => void>();
  const subscribed = new Set<string>();
  let subscriberDown = false;
  const subscribeOne = async (channel: string) => {
    await subscriber.subscribe(prefix + channel, (message) => channels.get(channel)?.(message));
    subscribed.add(channel);
  };
  subscriber.on('ready', () => {
    if (subscriberDown) log.info('Redis subscription is back: this process’s product cache is cleared (drops may have been missed)');
    subscriberDown = false;
    markSubscriberConnected();
    if (channels.size === 0) return;
    // The client has subscribed again by itself to what it had; what was asked for while out is subscribed now.
    const pending = [...channels.keys()].filter((channel) => !subscribed.has(channel));
    Promise.all(pending.map(subscribeOne)).then(
      () => {
        for (const listener of resubscribed) listener();
      },
      (err: unknown) => log.warn({ err }, 'Redis subscription failed: tried again when the connection is next ready'),
    );
  });
  subscriber.on('error', (err: unknown) => {
    if (closed) return;
    if (!subscriberDown) log.warn({ err }, 'Redis subscription lost: product-cache drops from other processes are missed until it is back');
    else log.debug({ err }, 'Redis subscription still lost');
    subscriberDown = true;
  });

  // connect() settles once connected, or when the client is closed; failures meanwhile arrive as error events.
  for (const connection of [client, subscriber]) connection.connect().catch(() => {});

  return {
    client,
    prefix,
    connected,
    isAvailable,
    reportFailure: markDown,
    async subscribe(channel, listener) {
      channels.set(channel, listener);
      if (!subscriber.isReady) return;
      // Ready now: subscribed here; should this fail, the next ready subscribes it.
      await subscribeOne(channel).catch((err: unknown) => log.warn({ err }, 'Redis subscription failed'));
    },
    async publish(channel, message) {
      if (!isAvailable()) return;
      await client.publish(prefix + channel, message).catch(markDown);
    },
    onResubscribed(listener) {
      resubscribed.push(listener);
    },
    async close() {
      closed = true;
      clearInterval(probe);
      // close() waits for what was sent; a connection not open (Redis out) is simply ended.
      await Promise.allSettled([subscriber, client].map(async (c) => (c.isReady ? c.close() : c.destroy())));
    },
  };
}
