import type { secondFactorMachine } from './second-factor.machine.ts';
import type { FlowFixtures } from '../../flows/model.ts';

/** What `npm run paths`, the tests and the flow atlas drive the secondFactorMachine with. */
export const fixtures: FlowFixtures<typeof secondFactorMachine> = {
  inputs: [{ Enrolled: false }, { Enrolled: true }],
  describeInput: (input) => (input.Enrolled ? 'app set up' : 'no app yet'),
  events: {
    SUBMIT: [{ type: 'SUBMIT', code: '123456' }],
    RETRY: [{ type: 'RETRY' }],
  },
  actors: {
    enroll: {
      done: [
        { ok: true, data: { Secret: 'JBSWY3DPEHPK3PXP', OtpauthURI: 'otpauth://totp/Sip%20%26%20Gather:staff%40example.com?secret=JBSWY3DPEHPK3PXP' } },
        { ok: false, code: 'SecondFactorEnrolled' },
        { ok: false, code: 'Forbidden' },
      ],
      error: new Error('network down'),
    },
    verify: {
      done: [
        { ok: true, data: { VerifiedUntil: '2026-11-30T17:00:00.000Z' } },
        { ok: false, code: 'CodeMismatchException' },
        { ok: false, code: 'LimitError' },
      ],
      error: new Error('network down'),
    },
  },
  abstraction: ({ context }) => ({ enrolled: context.enrolled, enrolment: context.enrolment !== undefined, error: context.error }),
};
