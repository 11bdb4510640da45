import type { Logger } from 'pino';

/**
 * Work a request starts but does not wait for, such as the mail of a password reset: the answer then takes
 * the same time whether or not the address has an account (spec §8 treats an unknown address as success,
 * so its timing must not tell either). Failures are logged; nothing is retried.
 */
export interface Background {
  run(label: string, task: () => Promise<void>): void;
  /** Resolves when everything started so far has finished (the dev outbox reader, shutdown). */
  idle(): Promise<void>;
}

export function createBackground(log: Logger): Background {
  const running = new Set<Promise<void>>();
  return {
    run(label, task) {
      const done = Promise.resolve()
        .then(task)
        .catch((err: unknown) => log.error({ err, task: label }, 'background task failed'))
        .finally(() => running.delete(done));
      running.add(done);
    },
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
