/**
 * Ends the task under way: what follows runs in a task of its own, so the browser may paint and answer input
 * between two pieces of work. Lighthouse counts every task over 50 ms of a phone's time (some 12 ms here) as
 * blocking (issue 30).
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
