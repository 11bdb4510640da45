/**
 * Every flow starts through src/app/use-flow.ts with the app's inspector attached, so /testing2
 * sees it: here the popups that used to start their machines without it.
 */
import { act, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { renderApp } from '../support/render-app.tsx';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
});
afterAll(() => server.close());

describe('useFlow', () => {
  it.each([
    ['login', 'signIn', 'Log in'],
    ['signUp', 'signUp', 'Create an account'],
    ['forgotPassword', 'forgotPassword', undefined],
  ] as const)('the %s popup’s flow reaches the inspector', async (popup, machineId, title) => {
    const view = await renderApp(server, '/home');
    const seen: string[] = [];
    const inspect = view.services.inspection.inspect;
    view.services.inspection.inspect = (event: InspectionEvent) => {
      if (event.type === '@xstate.actor') seen.push((event.actorRef as { logic?: { id?: string } }).logic?.id ?? '');
      inspect(event);
    };
    act(() => view.services.popups.open(popup as never));
    if (title) await screen.findByRole('dialog', { name: title });
    else await screen.findByRole('dialog');
    expect(seen).toContain(machineId);
    view.unmount();
  });
});
