/**
 * The first load's modules are evaluated in two tasks (src/app/boot-yield.ts, issue 30): the services' module, and so
 * the app, waits on a task boundary before its own imports run. Without it, evaluating them all was one task of some
 * 40 ms here and 160 on Lighthouse's phone. (A test that holds the task back deadlocks the test runner's own module
 * loading, which waits on timers too: this one reads the modules.)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const source = (file: string) => readFileSync(path.join(process.cwd(), 'src/app', file), 'utf8');

it("the app's services are evaluated after a task boundary", () => {
  const firstImport = source('services.ts').match(/^import .*$/m)?.[0];
  expect(firstImport).toBe("import './boot-yield.ts';");
  expect(source('boot-yield.ts')).toMatch(/^await nextTask\(\);$/m);
});
