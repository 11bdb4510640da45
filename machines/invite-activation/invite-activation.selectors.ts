import type { SnapshotFrom } from 'xstate';
import type { inviteActivationMachine } from './invite-activation.machine.ts';
import type { CallCode, Membership } from './invite-activation.types.ts';

export type InviteActivationSnapshot = SnapshotFrom<typeof inviteActivationMachine>;

/** A visitor: show Log in and Sign up. */
export const needsMember = (s: InviteActivationSnapshot): boolean => s.matches('signedOut') || s.matches('deciding');
/** A member who may accept it now (the button shows). */
export const canActivate = (s: InviteActivationSnapshot): boolean => s.matches('ready');
/** Accepting it ("Activating…", the button disabled). */
export const isActivating = (s: InviteActivationSnapshot): boolean => s.matches('activating');
/** The membership the activation gave, once it has. */
export const membership = (s: InviteActivationSnapshot): Membership | undefined => (s.matches('member') ? s.context.membership : undefined);
/** Why the code was refused for good. */
export const refusal = (s: InviteActivationSnapshot): CallCode | undefined => (s.matches('refused') ? s.context.refusal : undefined);
/** Why it did not get through this time (Try again shows). */
export const failure = (s: InviteActivationSnapshot): CallCode | undefined => (s.matches('failed') ? s.context.failure : undefined);
/** The code from the link. */
export const inviteCode = (s: InviteActivationSnapshot): string => s.context.inviteCode;
