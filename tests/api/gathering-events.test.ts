/**
 * Live gatherings (issue 31): GET /api/gathering-events/:id streams server-sent events to the host and to whoever
 * has been in the room: `ready` when it opens, `changed` when someone checks in, leaves or orders.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUserShoppingCart, createProductOrder, quitOngoingGathering, type TokenSet } from '../../contract/index.ts';
import { gatheringAttendees, users } from '../../server/db/schema.ts';
import { SEED_GATHERING_HOST, SEED_GATHERING_ID } from '../../server/db/seed/gathering-data.ts';
import { demoMember } from '../../server/db/seed/member-data.ts';
import { startSession } from '../../server/services/sessions.ts';
import { auth } from '../support/shop.ts';
import { createTestApp, SEED_NOW, type TestApp } from '../support/test-app.ts';

const G = SEED_GATHERING_ID;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date(SEED_NOW.getTime() + 60_000) } });
});
afterAll(() => t.close());

/** Opens the stream and reads its events one at a time, by name. */
async function follow(tokens: TokenSet | undefined, gatheringId = G) {
  const controller = new AbortController();
  const response = await t.app.request(`/api/gathering-events/${gatheringId}`, { headers: tokens ? auth(tokens) : {}, signal: controller.signal });
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const next = async (): Promise<string> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const name = block.match(/^event: (\w+)$/m)?.[1];
        if (name) return name;
        continue;
      }
      const { value, done } = await reader!.read();
      if (done) return 'end';
      buffer += decoder.decode(value, { stream: true });
    }
  };
  return { response, next, close: () => controller.abort() };
}

async function inRoom(): Promise<TokenSet> {
  const id = randomUUID();
  await t.db.insert(users).values({ id, email: `live.${id}@example.com`, passwordHash: 'x', givenName: 'Live', familyName: 'Guest', emailVerified: true, createdAt: SEED_NOW });
  await t.db.insert(gatheringAttendees).values({ gatheringId: G, userId: id, checkedInAt: SEED_NOW });
  return startSession(t.deps, id);
}

describe('the gathering’s live stream', () => {
  it('tells the host and the room when someone orders or leaves', async () => {
    const host = await startSession(t.deps, SEED_GATHERING_HOST.id);
    const demo = await startSession(t.deps, demoMember.id);
    const hostStream = await follow(host);
    const roomStream = await follow(demo);
    expect(hostStream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(await hostStream.next()).toBe('ready');
    expect(await roomStream.next()).toBe('ready');

    const guest = await inRoom();
    await t.call(addUserShoppingCart, { gatheringID: G, productList: [{ productID: 'tea-sencha', quantity: 1 }] }, auth(guest));
    await t.call(createProductOrder, { product: { gatheringID: G } }, auth(guest));
    expect(await hostStream.next()).toBe('changed');
    expect(await roomStream.next()).toBe('changed');

    await t.call(quitOngoingGathering, { gatheringID: G }, auth(guest));
    expect(await hostStream.next()).toBe('changed');
    hostStream.close();
    roomStream.close();
  });

  it('is for the host and the room only: a visitor is 401, another member 404', async () => {
    expect((await follow(undefined)).response.status).toBe(401);
    const stranger = await startSession(t.deps, await memberNeverInTheRoom());
    expect((await follow(stranger)).response.status).toBe(404);
    expect((await follow(await startSession(t.deps, demoMember.id), 'gth-none')).response.status).toBe(404);
  });
});

async function memberNeverInTheRoom() {
  const id = randomUUID();
  await t.db.insert(users).values({ id, email: `outside.${id}@example.com`, passwordHash: 'x', givenName: 'Out', familyName: 'Side', emailVerified: true, createdAt: SEED_NOW });
  return id;
}
