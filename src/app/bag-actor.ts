import type { ActorRefFrom } from 'xstate';
import type { bagMachine } from '../../machines/bag/bag.machine.ts';

/** The member's running bag (bag.ts holds it; bag-service.ts, loaded lazily, starts it). */
export type BagActor = ActorRefFrom<typeof bagMachine>;
