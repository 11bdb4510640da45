/**
 * The inspiration editor's new-post draft and its question before leaving, through the rendered app against
 * the real server: a member picks a picture and writes a title; leaving by a navigation in the shop asks first
 * ("Keep writing" stays with everything, "Leave and keep the draft" goes); the draft is kept on the device
 * sealed (not readable as the words, no file bytes); opening new_inspiration again offers it ("Continue your
 * draft?"), and continuing fills the steps with the uploaded picture and the words; publishing removes it.
 * With nothing changed, leaving asks nothing; discarding the offered draft starts blank and removes it.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenSet } from '../../contract/index.ts';
import { eventMember, signIn } from '../support/event-bookings.ts';
import { tinyPng } from '../support/images.ts';
import { memoryStorage, renderApp } from '../support/render-app.tsx';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let server: TestApp;
const realFetch = globalThis.fetch;

beforeAll(async () => {
  server = await createTestApp();
  // The upload's PUT goes through the global fetch: answered by the in-process server.
  globalThis.fetch = async (input, init) => server.app.fetch(new Request(new URL(String(input), 'http://shop.test'), init));
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await server.close();
});

async function openEditor(member: TokenSet, storage = memoryStorage()) {
  const view = await renderApp(server, '/home', { storage });
  await signIn(view, member);
  await act(() => view.router.navigate({ to: '/new_inspiration' }));
  await screen.findByRole('heading', { level: 1, name: 'New post' });
  return { view, storage, user: userEvent.setup() };
}

describe('the new post’s draft and leaving the editor', () => {
  it('asks before leaving with changes, keeps the draft sealed, offers it back, and forgets it once published', async () => {
    const member = await eventMember(server, { given_name: 'Lin' });
    const key = `sg_inspiration_draft:${member.userID}`;
    const { view, storage, user } = await openEditor(member);

    await user.upload(screen.getByLabelText('Choose pictures or videos'), new File([new Uint8Array(tinyPng())], 'cup.png', { type: 'image/png' }));
    await screen.findByText('1 of 1 uploaded', undefined, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(screen.getByLabelText('Title'), 'Half-finished balcony brew');

    // The draft is written a moment after the last change, sealed: neither the words nor the picture's bytes read in it.
    await waitFor(() => expect(storage.getItem(key)).toContain('"iv"'));
    const sealed = storage.getItem(key)!;
    expect(sealed).not.toContain('balcony');
    expect(sealed.length).toBeLessThan(2_000);

    // A navigation away waits for the answer, so it is not awaited here.
    act(() => void view.router.navigate({ to: '/inspiration' }));
    const question = await screen.findByRole('alertdialog', { name: 'Leave your post?' });
    expect(within(question).getByText(/stay on this device as a draft/)).toBeTruthy();
    await user.click(within(question).getByRole('button', { name: 'Keep writing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(view.router.state.location.pathname).toBe('/edit_inspiration');
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Half-finished balcony brew');

    act(() => void view.router.navigate({ to: '/home' }));
    const again = await screen.findByRole('alertdialog', { name: 'Leave your post?' });
    await user.click(within(again).getByRole('button', { name: 'Leave and keep the draft' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/home'));
    expect(storage.getItem(key)).not.toBeNull();

    // Back to a new post: the draft is offered, not filled in unasked.
    await act(() => view.router.navigate({ to: '/new_inspiration' }));
    const offer = await screen.findByRole('region', { name: 'Continue your draft?' });
    expect(within(offer).getByText('Half-finished balcony brew')).toBeTruthy();
    expect(within(offer).getByText('1 picture or video')).toBeTruthy();
    await user.click(within(offer).getByRole('button', { name: 'Continue the draft' }));
    expect(await screen.findByText('1 of 1 uploaded')).toBeTruthy();
    expect(screen.getByText('Cover')).toBeTruthy();

    // Continued as it was: leaving now asks nothing (the draft holds it all).
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Half-finished balcony brew');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Half-finished balcony brew' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(storage.getItem(key)).toBeNull();
  });

  it('leaving with nothing changed asks nothing; the offered draft discarded starts blank and is removed', async () => {
    const member = await eventMember(server, { given_name: 'Ho' });
    const key = `sg_inspiration_draft:${member.userID}`;
    const { view, storage, user } = await openEditor(member);
    await act(() => view.router.navigate({ to: '/home' }));
    expect(view.router.state.location.pathname).toBe('/home');
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await act(() => view.router.navigate({ to: '/new_inspiration' }));
    await screen.findByRole('heading', { level: 2, name: 'Pictures and videos' });
    await user.upload(screen.getByLabelText('Choose pictures or videos'), new File([new Uint8Array(tinyPng())], 'pot.png', { type: 'image/png' }));
    await screen.findByText('1 of 1 uploaded', undefined, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'Title and tags' }));
    await user.type(screen.getByLabelText('Tags'), '#oolong{Enter}');
    await waitFor(() => expect(storage.getItem(key)).not.toBeNull());
    act(() => void view.router.navigate({ to: '/home' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave and keep the draft' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/home'));

    await act(() => view.router.navigate({ to: '/new_inspiration' }));
    const offer = await screen.findByRole('region', { name: 'Continue your draft?' });
    expect(within(offer).getByText('1 tag')).toBeTruthy();
    await user.click(within(offer).getByRole('button', { name: 'Discard it and start afresh' }));
    await screen.findByRole('heading', { level: 2, name: 'Pictures and videos' });
    expect(storage.getItem(key)).toBeNull();
    expect(screen.queryByText('1 of 1 uploaded')).toBeNull();
    expect(screen.queryByRole('img', { name: 'pot.png' })).toBeNull();
  });
});
