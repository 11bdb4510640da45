/**
 * Tonight among the floating buttons (issue 31), against the real server app: a member in the room of a gathering
 * going on (the demo member, checked in at the seed's) is one tap from Tonight; a member not in a room is not
 * offered it, and a visitor's pages do not even ask.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoMember } from '../../server/db/seed/member-data.ts';
import { startSession } from '../../server/services/sessions.ts';
import { eventMember, fromSeed, signIn } from '../support/event-bookings.ts';
import { renderApp } from '../support/render-app.tsx';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp({ clock: fromSeed() });
});
afterAll(() => server.close());

const MY_GATHERING_KEY = ['member', 'gathering', 'mine'];
/** The floating buttons, once the page's layout is there. */
async function floatingButtons() {
  await waitFor(() => expect(document.querySelector('.floating-buttons')).not.toBeNull());
  return within(document.querySelector<HTMLElement>('.floating-buttons')!);
}

describe('the floating Tonight button', () => {
  it('takes a member in the room of a gathering going on to Tonight, and is not shown there', async () => {
    const user = userEvent.setup();
    const view = await renderApp(server, '/home');
    await signIn(view, await startSession(server.deps, demoMember.id));
    await user.click(await (await floatingButtons()).findByRole('link', { name: 'Tonight' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tonight' })).toBeTruthy();
    expect(view.router.state.location.pathname).toBe('/tonight');
    expect((await floatingButtons()).queryByRole('link', { name: 'Tonight' })).toBeNull();
  });

  it('is named in Chinese too', async () => {
    const view = await renderApp(server, '/home', { locale: 'zh-Hant' });
    await signIn(view, await startSession(server.deps, demoMember.id));
    expect(await (await floatingButtons()).findByRole('link', { name: '今晚' })).toBeTruthy();
  });

  it('is not offered to a member who is not in a room', async () => {
    const view = await renderApp(server, '/home');
    await signIn(view, await eventMember(server));
    // Asked and answered: nobody's gathering.
    await waitFor(() => expect(view.services.queryClient.getQueryState(MY_GATHERING_KEY)?.status).toBe('success'));
    expect(view.services.queryClient.getQueryData(MY_GATHERING_KEY)).toBeNull();
    expect((await floatingButtons()).queryByRole('link', { name: 'Tonight' })).toBeNull();
  });

  it('is not asked for on a visitor’s pages', async () => {
    const asked: string[] = [];
    const view = await renderApp(server, '/home', {
      wrapFetch: (fetch) => (input, init) => {
        asked.push(String(input));
        return fetch(input, init);
      },
    });
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    await waitFor(() => expect(view.services.queryClient.isFetching()).toBe(0));
    expect(asked.filter((url) => url.includes('get-user-ongoing-gathering'))).toEqual([]);
    expect(view.services.queryClient.getQueryState(MY_GATHERING_KEY)).toBeUndefined();
    expect((await floatingButtons()).queryByRole('link', { name: 'Tonight' })).toBeNull();
  });
});
