import type { Logger } from 'pino';
import type { Db } from './db/client.ts';
import type { Geo } from './services/geo.ts';
import type { Tokens } from './services/tokens.ts';

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

export interface ServerConfig {
  /** Honour X-Forwarded-For for the client address (only behind a trusted proxy). */
  trustProxy: boolean;
  /** Largest accepted request body, in bytes. */
  maxBodyBytes: number;
  /** Version answered by getVersion; the SPA compares it with its own build. */
  version: string;
}

/** Everything a handler may touch. createApp receives it whole: no module singletons. */
export interface Deps {
  db: Db;
  clock: Clock;
  log: Logger;
  geo: Geo;
  tokens: Tokens;
  config: ServerConfig;
}
