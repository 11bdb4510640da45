/**
 * fetch, with each request started in a task of its own (issue 30). Starting a request costs the main thread a
 * millisecond or more (two or three as Lighthouse traces it), and a page's calls start together: the loaders'
 * at once, and the queries its first render mounts in one pass of effects, which made that pass a task of 55 ms
 * on a member's home. A request now starts in the task after it is asked for, in order, each in its own; what
 * the caller gets is fetch's own answer (an aborted signal still rejects as fetch rejects it).
 */
export function fetchOnePerTask(fetch: typeof globalThis.fetch): typeof globalThis.fetch {
  const waiting: (() => void)[] = [];
  let draining = false;
  const drain = () => {
    waiting.shift()?.();
    if (waiting.length > 0) setTimeout(drain, 0);
    else draining = false;
  };
  return (input, init) =>
    new Promise<Response>((resolve, reject) => {
      // A fetch that throws instead of rejecting fails its own call, not the queue behind it.
      waiting.push(() => {
        try {
          fetch(input, init).then(resolve, reject);
        } catch (error) {
          reject(error);
        }
      });
      if (draining) return;
      draining = true;
      setTimeout(drain, 0);
    });
}
