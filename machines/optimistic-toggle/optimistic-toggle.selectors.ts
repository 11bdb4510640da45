import type { SnapshotFrom } from 'xstate';
import type { optimisticToggleMachine } from './optimistic-toggle.machine.ts';
import type { CallCode } from './optimistic-toggle.types.ts';

export type OptimisticToggleSnapshot = SnapshotFrom<typeof optimisticToggleMachine>;

/** On or off as the member sees it (changed at once on a tap). */
export const isOn = (s: OptimisticToggleSnapshot): boolean => s.context.shown;
/** The count beside it, following what is shown. */
export const count = (s: OptimisticToggleSnapshot): number | undefined => s.context.count;
export const isSending = (s: OptimisticToggleSnapshot): boolean => s.hasTag('sending');
/** The last change was refused or lost and has been rolled back (until the next tap). */
export const failed = (s: OptimisticToggleSnapshot): boolean => s.matches('failed');
export const errorCode = (s: OptimisticToggleSnapshot): CallCode | undefined => s.context.errorCode;
