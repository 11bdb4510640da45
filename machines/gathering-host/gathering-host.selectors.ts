import type { SnapshotFrom } from 'xstate';
import type { gatheringHostMachine } from './gathering-host.machine.ts';
import type { CallCode } from './gathering-host.types.ts';

export type GatheringHostSnapshot = SnapshotFrom<typeof gatheringHostMachine>;

export const isChecking = (s: GatheringHostSnapshot): boolean => s.matches('checking');
export const loadFailed = (s: GatheringHostSnapshot): boolean => s.matches('loadFailed');
/** Ask for a code (the button shows). */
export const needsCode = (s: GatheringHostSnapshot): boolean => s.matches('notOpened') || s.matches('requestingCode');
/** The code form shows (also while it is checked). */
export const isEnteringCode = (s: GatheringHostSnapshot): boolean => s.matches('enteringCode') || s.matches('opening');
export const isHosting = (s: GatheringHostSnapshot): boolean => s.matches('hosting') || s.matches('closing');
export const isClosed = (s: GatheringHostSnapshot): boolean => s.matches('closed');
export const isNotHost = (s: GatheringHostSnapshot): boolean => s.matches('notHost');
export const isBusy = (s: GatheringHostSnapshot): boolean => s.hasTag('busy');
export const error = (s: GatheringHostSnapshot): CallCode | undefined => s.context.error;
/** Who the last scan let in. */
export const checkedIn = (s: GatheringHostSnapshot): string | undefined => s.context.checkedIn;
