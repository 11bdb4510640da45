/**
 * A task boundary in the middle of the first load's modules (imported by src/app/services.ts): evaluating them all
 * was one task of some 40 ms here, 160 on Lighthouse's phone; the modules imported after this one are evaluated in a
 * task of their own (issue 30). A module waiting at its top level delays only the modules that import it.
 */
import { nextTask } from './next-task.ts';

await nextTask();
