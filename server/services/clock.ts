/** The server's clock: the real one, or a test's. Its own module, so services need not import deps.ts. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
