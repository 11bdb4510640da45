import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { uploadTemporaryMedia, userGetInfo, userLogin, userUpdateInfo, type CallDef, type TokenSet } from '../../contract/index.ts';
import { demoMember } from '../../server/db/seed/member-data.ts';
import { renderApp } from '../support/render-app.tsx';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { tinyPng } from '../support/images.ts';

let server: TestApp;
const auth = (tokens: TokenSet) => ({ authorization: `Bearer ${tokens.idToken}` });

/** A copy in a plain ArrayBuffer, as File wants. */
const bytesOf = (b: Buffer) => new Uint8Array(b);

/** Requests the SPA sends with the global fetch (the upload PUT), answered by the in-process server. */
const puts: { url: string; headers: Headers; body: string }[] = [];
const realFetch = globalThis.fetch;
const realCreateObjectURL = URL.createObjectURL;
const realRevokeObjectURL = URL.revokeObjectURL;

beforeAll(async () => {
  server = await createTestApp();
  globalThis.fetch = async (input, init) => {
    const request = new Request(new URL(String(input), 'http://shop.test'), init);
    if (request.method === 'PUT') puts.push({ url: String(input), headers: request.headers, body: await request.clone().text() });
    return server.app.fetch(request);
  };
  // jsdom has no object URLs; a stand-in is enough to show the preview.
  let n = 0;
  URL.createObjectURL = () => `blob:http://shop.test/preview-${++n}`;
  URL.revokeObjectURL = () => {};
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  URL.createObjectURL = realCreateObjectURL;
  URL.revokeObjectURL = realRevokeObjectURL;
  await server.close();
});
afterEach(() => {
  puts.length = 0;
});

async function openProfile() {
  const view = await renderApp(server, '/home');
  const tokens = await server.call(userLogin, { email: demoMember.email, password: demoMember.password });
  act(() => view.services.session.send({ type: 'SIGNED_IN', tokens }));
  await waitFor(() => expect(view.services.session.getSnapshot().context.user?.email).toBe(demoMember.email));
  act(() => view.services.popups.open('account'));
  const dialog = await screen.findByRole('dialog', { name: 'Account and settings' });
  const calls = vi.spyOn(view.services.api, 'call');
  const sent = (def: CallDef) => calls.mock.calls.filter(([d]) => d === def).map(([, body]) => body);
  // applyAccept off: the member picked "All files" in the chooser, so the component's own checks must act.
  return { ...view, tokens, dialog, sent, user: userEvent.setup({ applyAccept: false }) };
}

async function memberOnServer(tokens: TokenSet) {
  return (await server.call(userGetInfo, { accessToken: tokens.accessToken }, auth(tokens))).userDetailInfo;
}

describe('the profile picture', () => {
  it('previews a chosen PNG, uploads it and sets it as the avatar', async () => {
    const { dialog, user, tokens, services } = await openProfile();
    // No picture yet: the member's initial.
    expect(within(dialog).getByText('M')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Remove picture' })).toBeNull();

    const png = tinyPng([90, 140, 100, 255]);
    await user.upload(within(dialog).getByLabelText('Change picture'), new File([bytesOf(png)], 'me.png', { type: 'image/png' }));
    const preview = within(dialog).getByRole('img', { name: 'Preview of the chosen picture' }) as HTMLImageElement;
    expect(preview.src).toMatch(/^blob:/);
    expect(puts).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Save picture' }));
    expect(await within(dialog).findByText('Picture saved')).toBeTruthy();

    const avatar = (await memberOnServer(tokens)).avatar!;
    expect(avatar).toMatch(/^\/media\/upload\/[0-9a-f-]{36}$/);
    expect(services.session.getSnapshot().context.user?.avatar).toBe(avatar);
    const shown = within(dialog).getByRole('img', { name: 'Your profile picture' }) as HTMLImageElement;
    expect(new URL(shown.src).pathname).toBe(avatar);

    // The upload went as base64 without a data-URL prefix, with the file's type and the member's id token.
    expect(puts).toHaveLength(1);
    expect(puts[0]!.headers.get('content-type')).toBe('image/png');
    expect(puts[0]!.headers.get('authorization')).toMatch(/^Bearer \S+$/);
    expect(puts[0]!.body).toBe(png.toString('base64'));

    const served = await server.app.request(avatar);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

    // Removing it brings the initial back.
    await user.click(within(dialog).getByRole('button', { name: 'Remove picture' }));
    expect(await within(dialog).findByText('Picture removed')).toBeTruthy();
    expect((await memberOnServer(tokens)).avatar).toBeUndefined();
    expect(within(dialog).queryByRole('img', { name: 'Your profile picture' })).toBeNull();
    expect((await server.app.request(avatar)).status).toBe(404);
  });

  it('refuses a text file in words and sends nothing', async () => {
    const { dialog, user, sent } = await openProfile();
    await user.upload(within(dialog).getByLabelText('Change picture'), new File(['tea notes'], 'notes.txt', { type: 'text/plain' }));
    expect(await within(dialog).findByText('This file is not a JPEG, PNG or WebP picture. Please choose another one.')).toBeTruthy();
    expect(within(dialog).queryByRole('img', { name: 'Preview of the chosen picture' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Save picture' })).toBeNull();
    expect(sent(uploadTemporaryMedia)).toEqual([]);
    expect(sent(userUpdateInfo)).toEqual([]);
    expect(puts).toEqual([]);
  });

  it('refuses a picture over 2 MB before sending, and cancel drops a preview', async () => {
    const { dialog, user, sent, tokens } = await openProfile();
    const big = new File([bytesOf(tinyPng([90, 140, 100, 255])), new Uint8Array(2 * 1024 * 1024)], 'big.png', { type: 'image/png' });
    await user.upload(within(dialog).getByLabelText('Change picture'), big);
    expect(await within(dialog).findByText('This picture is larger than 2 MB. Please choose a smaller one.')).toBeTruthy();
    expect(sent(uploadTemporaryMedia)).toEqual([]);

    await user.upload(within(dialog).getByLabelText('Change picture'), new File([bytesOf(tinyPng([90, 140, 100, 255]))], 'me.png', { type: 'image/png' }));
    expect(within(dialog).queryByText('This picture is larger than 2 MB. Please choose a smaller one.')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(within(dialog).queryByRole('img', { name: 'Preview of the chosen picture' })).toBeNull();
    expect(sent(uploadTemporaryMedia)).toEqual([]);
    expect((await memberOnServer(tokens)).avatar).toBeUndefined();
  });

  it("shows the server's refusal in words when the bytes are not the declared type", async () => {
    const { dialog, user, tokens } = await openProfile();
    // Named and typed as a PNG, but the content is text: only the server's check of the bytes catches it.
    await user.upload(
      within(dialog).getByLabelText('Change picture'),
      new File(['not really a picture'], 'fake.png', { type: 'image/png' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save picture' }));
    expect(await within(dialog).findByText('This file is not a JPEG, PNG or WebP picture. Please choose another one.')).toBeTruthy();
    expect(puts).toHaveLength(1);
    expect((await memberOnServer(tokens)).avatar).toBeUndefined();
    // The preview stays so the member can cancel or choose again.
    expect((within(dialog).getByRole('button', { name: 'Save picture' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
