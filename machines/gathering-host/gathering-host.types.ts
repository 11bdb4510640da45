/** Data of the host's flow (structurally equal to contract/gathering-host.ts; see tests/machines/contract-compat.test.ts). */

/** What every actor of the flow resolves with (one type for every flow: machines/shared). */
export type { CallResult } from '../shared/call-result.ts';
export { NETWORK_ERROR } from '../shared/codes.ts';
export type { CallCode } from '../shared/codes.ts';
import type { CallCode } from '../shared/codes.ts';

export type Empty = Record<string, never>;
/** get-gathering-host-view: the flow reads whether the gathering is still open. */
export type HostViewOutput = { Gathering: { Status: 'Scheduled' | 'Ongoing' | 'Closed' } };
/** admin-init {verifyCode} (the app adds the host's e-mail and the gathering). */
export type AdminInitInput = { verifyCode: string };
/** check-in-ticket {TicketID}: a scanned QR's text, or a ticket link's id typed in. */
export type CheckInInput = { TicketID: string };
export type CheckInOutput = { Attendee: { Name: string } };

export type GatheringHostContext = {
  /** Why the last step failed (a spec §8 code, or 'NetworkError'), until the next one. */
  error?: CallCode | undefined;
  /** Who the last check-in let in (said until the next scan). */
  checkedIn?: string | undefined;
};

export type GatheringHostEvent =
  | { type: 'REQUEST_CODE' }
  | { type: 'SUBMIT_CODE'; code: string }
  /** A ticket's QR read by the camera, or its id typed. */
  | { type: 'CHECK_IN'; ticketID: string }
  | { type: 'CLOSE' }
  | { type: 'RETRY' };
