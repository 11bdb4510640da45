/** Messages between bench/run.ts and the server processes it spawns (over the IPC channel). */
export type ToServer = { type: 'cpu' } | { type: 'stop' };

export type FromServer =
  | { type: 'ready'; port: number; info: Record<string, string | number> }
  | { type: 'cpu'; userMicros: number; systemMicros: number }
  | { type: 'failed'; message: string };

export function send(message: FromServer): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) return resolve();
    process.send(message, undefined, {}, () => resolve());
  });
}

/** Answers CPU queries; on 'stop' (or when the parent goes away) runs `stop` and exits. */
export function listen(stop: () => Promise<void>) {
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    try {
      await stop();
    } finally {
      process.exit(0);
    }
  };
  process.on('message', (message: ToServer) => {
    if (message.type === 'cpu') {
      const { user, system } = process.cpuUsage();
      void send({ type: 'cpu', userMicros: user, systemMicros: system });
    } else if (message.type === 'stop') void shutdown();
  });
  process.on('disconnect', () => void shutdown());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void shutdown());
}

/** Where `--db postgres` creates its throw-away database when DATABASE_URL is not set. */
export const DEFAULT_POSTGRES_URL = 'postgres://root@127.0.0.1:5432/test';
