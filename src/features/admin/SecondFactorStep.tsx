import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useMemo, useState, type FormEvent } from 'react';
import { renderSVG } from 'uqr';
import * as v from 'valibot';
import { SecondFactorCode } from '../../../contract/staff-second-factor.ts';
import * as step from '../../../machines/second-factor/second-factor.selectors.ts';
import { useServices } from '../../app/services.ts';
import { useFlow } from '../../app/use-flow.ts';
import { Field } from '../../ui/Field.tsx';
import { RetryAlert } from '../../ui/RetryAlert.tsx';
import { useAdminErrorText } from './admin-words.ts';
import { createSecondFactorFlow } from './second-factor.actors.ts';

/**
 * The back office's second factor (issue 32, machines/second-factor): set up an authenticator app by scanning
 * its QR code (or typing the key), then give the six digits it shows; an app set up already gives its code.
 */
export function SecondFactorStep({ enrolled }: { enrolled: boolean }) {
  const services = useServices();
  const { t } = useLingui();
  const errorText = useAdminErrorText();
  const machine = useMemo(() => createSecondFactorFlow(services), [services]);
  const flow = useFlow(machine, { input: { Enrolled: enrolled } });
  const enrolling = useSelector(flow, step.isEnrolling);
  const enrolFailed = useSelector(flow, step.enrolFailed);
  const asksForCode = useSelector(flow, step.asksForCode);
  const busy = useSelector(flow, step.isBusy);
  const enrolment = useSelector(flow, step.enrolment);
  const error = useSelector(flow, step.error);
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const qr = useMemo(() => (enrolment ? renderSVG(enrolment.OtpauthURI, { ecc: 'M', border: 2, pixelSize: 4 }) : undefined), [enrolment]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = v.safeParse(SecondFactorCode, code);
    setInvalid(!parsed.success);
    if (parsed.success) flow.send({ type: 'SUBMIT', code: parsed.output });
  };
  const codeError = invalid
    ? t`Enter the six digits your app shows.`
    : error === 'CodeMismatchException'
      ? t`That code does not match. Enter the code your app shows now.`
      : error === 'LimitError'
        ? t`Too many wrong codes. Wait a quarter of an hour, then try again.`
        : error
          ? errorText(error, 'load')
          : undefined;

  return (
    <section className="admin-second-factor" aria-labelledby="second-factor-title">
      <h2 id="second-factor-title">{enrolment || enrolling || enrolFailed ? <Trans>Set up your authenticator app</Trans> : <Trans>Enter your code</Trans>}</h2>
      {enrolling && (
        <p className="muted" role="status">
          <Trans>Making your key…</Trans>
        </p>
      )}
      {enrolFailed && <RetryAlert onRetry={() => flow.send({ type: 'RETRY' })}>{errorText(error ?? 'NetworkError', 'load')}</RetryAlert>}
      {enrolment && qr && (
        <div className="admin-second-factor-key">
          <p>
            <Trans>The back office asks for a second proof that it is you. Scan this code with an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password), or type the key into it.</Trans>
          </p>
          <img src={`data:image/svg+xml;utf8,${encodeURIComponent(qr)}`} width={200} height={200} alt={t`QR code of your key for the authenticator app`} />
          <p>
            <Trans>Key:</Trans> <code className="admin-mono">{enrolment.Secret.replace(/(.{4})/g, '$1 ').trim()}</code>
          </p>
        </div>
      )}
      {asksForCode && (
        <form onSubmit={submit} noValidate>
          {!enrolment && (
            <p>
              <Trans>The back office asks for the six-digit code your authenticator app shows for Sip & Gather.</Trans>
            </p>
          )}
          <Field
            label={t`Code from your app`}
            error={codeError}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <button type="submit" className="button primary" disabled={busy}>
            {busy ? <Trans>Checking…</Trans> : <Trans>Continue</Trans>}
          </button>
        </form>
      )}
    </section>
  );
}
