/**
 * Inspiration posts (issue 19) against the real server app and its seed: a post's comments shown as typed
 * text, the like shown at once and rolled back when the server refuses it, a comment's owner editing and
 * deleting it, and the editor's main path (a picture uploaded, a product picked, words, published).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createComment, getUserInspiration, type TokenSet } from '../../contract/index.ts';
import { inspirationId } from '../../server/db/seed/inspiration-data.ts';
import { eventMember, signIn } from '../support/event-bookings.ts';
import { tinyPng } from '../support/images.ts';
import { renderApp } from '../support/render-app.tsx';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let server: TestApp;
let member: TokenSet;
const POST = inspirationId(1, 1);
const realFetch = globalThis.fetch;

beforeAll(async () => {
  server = await createTestApp();
  member = await eventMember(server, { given_name: 'Mei' });
  // The upload's PUT goes through the global fetch: answered by the in-process server.
  globalThis.fetch = async (input, init) => server.app.fetch(new Request(new URL(String(input), 'http://shop.test'), init));
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await server.close();
});

const comment = (Comment: string) =>
  server.call(createComment, { SourceID: POST, Comment, Type: 'inspiration' }, { authorization: `Bearer ${member.idToken}` });

describe('the post page', () => {
  it('shows the post, its products and its comments as typed text (never HTML)', async () => {
    const typed = '<b>bold</b> & <img src=x onerror=alert(1)> 好飲';
    await comment(typed);
    const view = await renderApp(server, `/inspiration/${POST}`);
    const post = (await server.call(getUserInspiration, { InspirationID: POST })).Inspiration;
    expect(await screen.findByRole('heading', { level: 1, name: post.Title })).toBeTruthy();
    expect(await screen.findByText(typed)).toBeTruthy();
    expect(view.container.querySelector('.comment-text b, .comment-text img')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'In this post' })).toBeTruthy();
    // A visitor is asked to log in to comment.
    expect(screen.getByRole('button', { name: 'Log in to comment' })).toBeTruthy();
  });

  it('shows a like at once and rolls it back when the server refuses it', async () => {
    let refuse = true;
    let release: (() => void) | undefined;
    const view = await renderApp(server, `/inspiration/${POST}`, {
      wrapFetch: (fetch) => async (input, init) => {
        if (refuse && String(input).endsWith('/api/like-inspiration')) {
          await new Promise<void>((resolve) => (release = resolve));
          return new Response(JSON.stringify({ result: false, ErrorCode: 'LimitError', message: 'Too many' }), { status: 400, headers: { 'content-type': 'application/json' } });
        }
        return fetch(input, init);
      },
    });
    await signIn(view, member);
    const like = await screen.findByRole('button', { name: 'Like' });
    const before = Number(like.textContent);
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('false'));
    await userEvent.click(like);
    // Shown at once, before the server answers.
    expect(like.getAttribute('aria-pressed')).toBe('true');
    expect(Number(like.textContent)).toBe(before + 1);
    await waitFor(() => expect(release).toBeDefined());
    act(() => release?.());
    // Rolled back: not liked, the count as before, and said so.
    await screen.findByText('Not saved, try again');
    expect(like.getAttribute('aria-pressed')).toBe('false');
    expect(Number(like.textContent)).toBe(before);
    refuse = false;
    await userEvent.click(like);
    expect(like.getAttribute('aria-pressed')).toBe('true');
    expect(Number(like.textContent)).toBe(before + 1);
    await waitFor(() => expect(screen.queryByText('Not saved, try again')).toBeNull());
    // The server agrees.
    const after = (await server.call(getUserInspiration, { InspirationID: POST }, { authorization: `Bearer ${member.idToken}` })).Inspiration;
    await waitFor(async () =>
      expect((await server.call(getUserInspiration, { InspirationID: POST }, { authorization: `Bearer ${member.idToken}` })).Inspiration.IsLiked).toBe(true),
    );
    expect(after.LikeCount).toBeGreaterThanOrEqual(before);
  });

  it('lets a comment’s owner edit and delete it, and no one else', async () => {
    await comment('Mine to change');
    const view = await renderApp(server, `/inspiration/${POST}`);
    await signIn(view, member);
    const mine = (await screen.findByText('Mine to change')).closest('li')!;
    await waitFor(() => expect(within(mine).getByRole('button', { name: 'Edit' })).toBeTruthy());
    // Others' comments have no Edit.
    const others = (await screen.findByText('That third steep is always the best one!')).closest('li')!;
    expect(within(others).queryByRole('button', { name: 'Edit' })).toBeNull();
    await userEvent.click(within(mine).getByRole('button', { name: 'Edit' }));
    const box = within(mine).getByLabelText('Edit your comment');
    await userEvent.clear(box);
    await userEvent.type(box, 'Changed my mind');
    await userEvent.click(within(mine).getByRole('button', { name: 'Save' }));
    // What the member waits for: the comment shown again, with the new text and the edited mark (the text
    // alone is there while the save is still on its way).
    const changed = await waitFor(() => {
      const item = screen.getByText('Changed my mind').closest('li')!;
      expect(within(item).getByText(/edited/)).toBeTruthy();
      expect(within(item).queryByLabelText('Edit your comment')).toBeNull();
      return item;
    });
    await userEvent.click(within(changed).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(within(changed).getByRole('group', { name: 'Delete this comment?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Changed my mind')).toBeNull());
  });
});

describe('the editor', () => {
  it('main path: a picture uploaded, a product picked, title and tag, published, then shown', async () => {
    const view = await renderApp(server, '/home');
    await signIn(view, member);
    await act(() => view.router.navigate({ to: '/new_inspiration' }));
    await screen.findByRole('heading', { level: 1, name: 'New post' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Add at least one picture or video.')).toBeTruthy();
    const file = new File([new Uint8Array(tinyPng())], 'cup.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Choose pictures or videos'), file);
    await screen.findByText('1 of 1 uploaded', undefined, { timeout: 10_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'Products' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search the shop' }), 'oolong');
    await userEvent.click(within(screen.getByRole('searchbox', { name: 'Search the shop' }).closest('form')!).getByRole('button', { name: 'Search' }));
    const results = await screen.findByRole('list', { name: 'Search results' });
    const add = within(results).getAllByRole('button', { name: /^Add / })[0]!;
    await userEvent.click(add);
    expect(within(screen.getByRole('list', { name: 'Products in the post' })).getAllByRole('listitem')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.type(screen.getByLabelText('Title'), 'Balcony test brew');
    await userEvent.type(screen.getByLabelText('Tags'), '#gongfu{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Balcony test brew' }, { timeout: 10_000 })).toBeTruthy();
    expect(view.router.state.location.pathname).toMatch(/^\/inspiration\//);
    expect(screen.getByRole('link', { name: '#gongfu' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit' })).toBeTruthy();
  });
});
