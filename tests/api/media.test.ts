import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AVATAR_MAX_BYTES,
  uploadTemporaryMedia,
  userDeleteAvatar,
  userGetInfo,
  userLogin,
  userUpdateInfo,
  type TokenSet,
} from '../../contract/index.ts';
import { demoMember } from '../../server/db/seed/member-data.ts';
import { signUpMember } from '../support/members.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { tinyPng } from '../support/images.ts';

let now = Date.parse('2026-11-21T02:00:00Z');
let t: TestApp;
let mei: TokenSet;
let kaYan: TokenSet;

const auth = (tokens: TokenSet) => ({ authorization: `Bearer ${tokens.idToken}` });

const login = () => t.call(userLogin, { email: demoMember.email, password: demoMember.password });
const reserve = (tokens: TokenSet) => t.call(uploadTemporaryMedia, {}, auth(tokens));

function put(uploadUrl: string, tokens: TokenSet | undefined, body: string, contentType = 'image/png') {
  return t.raw(uploadUrl, {
    method: 'PUT',
    headers: { 'content-type': contentType, ...(tokens ? auth(tokens) : {}) },
    body,
  });
}

async function upload(tokens: TokenSet, bytes: Buffer = tinyPng(), contentType = 'image/png') {
  const reservation = await reserve(tokens);
  const r = await put(reservation.uploadUrl, tokens, bytes.toString('base64'), contentType);
  return { reservation, r };
}

async function memberOnServer(tokens: TokenSet) {
  return (await t.call(userGetInfo, { accessToken: tokens.accessToken }, auth(tokens))).userDetailInfo;
}

function setAvatar(tokens: TokenSet, avatar: string) {
  return t.raw('/api/user-update-info', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...auth(tokens) },
    body: JSON.stringify({ accessToken: tokens.accessToken, avatar }),
  });
}

beforeAll(async () => {
  // The API router refuses bodies over 64 KB here: uploads must have their own, larger limit.
  t = await createTestApp({ clock: { now: () => new Date(now) }, maxBodyBytes: 64 * 1024 });
  mei = await login();
  kaYan = await signUpMember(t, { email: 'ka.yan.media@example.com' });
});
afterAll(() => t.close());

describe('avatar upload', () => {
  it('reserves, takes a PNG, sets it as the avatar and serves it', async () => {
    const reservation = await reserve(mei);
    expect(reservation.uploadUrl).toBe(`/api/media-upload/${reservation.MediaID}`);
    expect(reservation.mediaUrl).toBe(`/media/upload/${reservation.MediaID}`);
    expect(Date.parse(reservation.expiresAt) - now).toBe(15 * 60_000);

    // Not served before the content has arrived.
    expect((await t.raw(reservation.mediaUrl)).status).toBe(404);

    const png = tinyPng();
    const r = await put(reservation.uploadUrl, mei, png.toString('base64'));
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ result: true, mediaUrl: reservation.mediaUrl });

    const info = await t.call(userUpdateInfo, { accessToken: mei.accessToken, avatar: reservation.mediaUrl }, auth(mei));
    expect(info.userDetailInfo.avatar).toBe(reservation.mediaUrl);
    expect((await memberOnServer(mei)).avatar).toBe(reservation.mediaUrl);

    const served = await t.app.request(reservation.mediaUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

    // A reservation takes one file only.
    const again = await put(reservation.uploadUrl, mei, png.toString('base64'));
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({ result: false, ErrorCode: 'ObjectNotFound' });
  });

  it('takes JPEG and WebP by their bytes', async () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]);
    expect((await upload(mei, jpeg, 'image/jpeg')).r.status).toBe(200);
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([26, 0, 0, 0]), Buffer.from('WEBPVP8L'), Buffer.alloc(14)]);
    const { reservation, r } = await upload(mei, webp, 'image/webp; charset=binary');
    expect(r.status).toBe(200);
    expect((await t.app.request(reservation.mediaUrl)).headers.get('content-type')).toBe('image/webp');
  });

  it('refuses a content type that is not an image it takes', async () => {
    const { reservation, r } = await upload(mei, tinyPng(), 'image/gif');
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ result: false, ErrorCode: 'InvalidParameter' });
    // The reservation is still usable with a right type.
    expect((await put(reservation.uploadUrl, mei, tinyPng().toString('base64'))).status).toBe(200);
  });

  it('refuses bytes that do not match the declared type', async () => {
    const declaredJpeg = await upload(mei, tinyPng(), 'image/jpeg');
    expect(declaredJpeg.r.status).toBe(400);
    expect(declaredJpeg.r.json).toEqual({
      result: false,
      ErrorCode: 'InvalidParameter',
      message: 'The file is not a JPEG, PNG or WebP image',
      field: 'file',
    });
    const text = await upload(mei, Buffer.from('just some notes, not a picture\n'), 'image/png');
    expect(text.r.json).toMatchObject({ ErrorCode: 'InvalidParameter', message: 'The file is not a JPEG, PNG or WebP image' });
    expect((await t.raw(text.reservation.mediaUrl)).status).toBe(404);
  });

  it('refuses a body that is not plain base64 (a data URL, binary)', async () => {
    const reservation = await reserve(mei);
    const dataUrl = await put(reservation.uploadUrl, mei, `data:image/png;base64,${tinyPng().toString('base64')}`);
    expect(dataUrl.status).toBe(400);
    expect(dataUrl.json).toMatchObject({ ErrorCode: 'InvalidParameter' });
    const empty = await put(reservation.uploadUrl, mei, '');
    expect(empty.json).toMatchObject({ ErrorCode: 'InvalidParameter' });
  });

  it('refuses a file over 2 MB, even though its base64 fits the upload body limit', async () => {
    const big = Buffer.concat([tinyPng(), Buffer.alloc(AVATAR_MAX_BYTES)]);
    const { r } = await upload(mei, big);
    expect(r.status).toBe(413);
    expect(r.json).toMatchObject({ result: false, ErrorCode: 'InvalidParameter' });
    // A largest allowed file passes, though its base64 is far above the API's 64 KB limit.
    const largest = Buffer.concat([tinyPng(), Buffer.alloc(AVATAR_MAX_BYTES - tinyPng().length)]);
    expect((await upload(mei, largest)).r.status).toBe(200);
    // A body far over the upload limit is cut off without being read whole.
    const reservation = await reserve(mei);
    const huge = await put(reservation.uploadUrl, mei, 'A'.repeat(4 * 1024 * 1024));
    expect(huge.status).toBe(413);
    expect(huge.json).toMatchObject({ result: false, ErrorCode: 'InvalidParameter' });
  });

  it("refuses no token, a bad token, and another member's token", async () => {
    const reservation = await reserve(mei);
    const body = tinyPng().toString('base64');
    expect((await put(reservation.uploadUrl, undefined, body)).status).toBe(401);
    expect((await put(reservation.uploadUrl, { ...mei, idToken: 'not-a-token' }, body)).status).toBe(401);
    const other = await put(reservation.uploadUrl, kaYan, body);
    expect(other.status).toBe(400);
    expect(other.json).toMatchObject({ ErrorCode: 'ObjectNotFound' });
    expect((await put('/api/media-upload/not-an-id', mei, body)).json).toMatchObject({ ErrorCode: 'ObjectNotFound' });
    // Still Mei's to fill.
    expect((await put(reservation.uploadUrl, mei, body)).status).toBe(200);
  });

  it('refuses an expired reservation', async () => {
    const reservation = await reserve(mei);
    now += 15 * 60_000 + 1000;
    // The old id tokens have expired too.
    mei = await login();
    kaYan = await t.call(userLogin, { email: 'ka.yan.media@example.com', password: 'Oolong2026' });
    const r = await put(reservation.uploadUrl, mei, tinyPng().toString('base64'));
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ result: false, ErrorCode: 'ObjectNotFound' });
  });

  it("refuses as avatar another member's upload, an unfinished one, or an external address", async () => {
    const theirs = await upload(kaYan);
    expect(theirs.r.status).toBe(200);
    const before = (await memberOnServer(mei)).avatar;
    for (const avatar of [
      theirs.reservation.mediaUrl,
      (await reserve(mei)).mediaUrl,
      'https://evil.example/cat.png',
      `https://shop.test${theirs.reservation.mediaUrl}`,
      '/media/art/cup-1-1.svg',
    ]) {
      const r = await setAvatar(mei, avatar);
      expect(r.status, avatar).toBe(400);
      expect(r.json).toMatchObject({ result: false, ErrorCode: 'InvalidParameter', field: 'avatar' });
    }
    expect((await memberOnServer(mei)).avatar).toBe(before);
    // Ka Yan can use it.
    expect((await setAvatar(kaYan, theirs.reservation.mediaUrl)).status).toBe(200);
  });

  it('deletes the avatar and its file', async () => {
    const { reservation } = await upload(mei);
    await t.call(userUpdateInfo, { accessToken: mei.accessToken, avatar: reservation.mediaUrl }, auth(mei));
    const answer = await t.call(userDeleteAvatar, {}, auth(mei));
    expect(answer.userDetailInfo.avatar).toBeUndefined();
    expect((await memberOnServer(mei)).avatar).toBeUndefined();
    expect((await t.raw(reservation.mediaUrl)).status).toBe(404);
    // Gone for good: it cannot be set again or refilled.
    expect((await setAvatar(mei, reservation.mediaUrl)).status).toBe(400);
    expect((await put(reservation.uploadUrl, mei, tinyPng().toString('base64'))).status).toBe(400);
    // Deleting with no avatar is fine.
    expect((await t.call(userDeleteAvatar, {}, auth(mei))).userDetailInfo.avatar).toBeUndefined();
  });

  it('needs a member for the calls', async () => {
    const r = await t.raw('/api/upload-temporary-media', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(401);
  });

  it('limits reservations per member per hour', async () => {
    const member = await signUpMember(t, { email: 'busy.uploader@example.com' });
    for (let i = 0; i < 20; i++) await reserve(member);
    const r = await t.raw('/api/upload-temporary-media', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json', ...auth(member) },
    });
    expect(r.status).toBe(429);
    expect(r.json).toMatchObject({ result: false, ErrorCode: 'LimitError' });
    // Others are not affected; an hour later the member may reserve again.
    expect((await reserve(kaYan)).MediaID).toBeTruthy();
    now += 3_600_000 + 1000;
    const fresh = await t.call(userLogin, { email: 'busy.uploader@example.com', password: 'Oolong2026' });
    expect((await reserve(fresh)).MediaID).toBeTruthy();
  });
});
