/**
 * Issue 32: business enquiries in the back office. Staff list them newest first by status, paged, and set where
 * they are with each (new, contacted, closed) with a note; each change is an audit row, a change to nothing is
 * none, and bad input is a 400 naming the field.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { b2bEnquiry, staffListEnquiries, staffUpdateEnquiry, type TokenSet } from '../../contract/index.ts';
import { auditLog } from '../../server/db/schema.ts';
import { UPDATE_ENQUIRY_ACTION } from '../../server/services/staff/enquiries.ts';
import { setStaffRole } from '../../server/services/staff/members.ts';
import { freshClientAddress, freshEmail, signUpMember } from '../support/members.ts';
import { auth } from '../support/shop.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let staff: TokenSet & { email: string };

beforeAll(async () => {
  t = await createTestApp();
  staff = await signUpMember(t);
  await setStaffRole(t.deps, { email: staff.email, role: 'staff', actorUserId: null });
});
afterAll(() => t?.close());

async function sendEnquiry(name: string) {
  await t.call(
    b2bEnquiry,
    { FullName: name, Email: freshEmail('buyer'), CountryCallingCode: '852', ContactNumber: '91234567', EnquiryType: 'teaCollection', Message: 'Oolong for our lounge.', PrivacyConsent: true, Language: 'en', Website: '' },
    { 'x-forwarded-for': freshClientAddress() },
  );
}

describe('business enquiries in the back office', () => {
  it('lists them newest first and pages; sets status and note with one audit row each', async () => {
    for (const name of ['First Co', 'Second Co', 'Third Co']) await sendEnquiry(name);
    const first = await t.call(staffListEnquiries, { Size: 2 }, auth(staff));
    expect(first.EnquiryList.map((e) => [e.FullName, e.Status, e.Phone])).toEqual([
      ['Third Co', 'new', '852 91234567'],
      ['Second Co', 'new', '852 91234567'],
    ]);
    const second = await t.call(staffListEnquiries, { Size: 2, LastEvaluatedKey: first.LastEvaluatedKey }, auth(staff));
    expect(second.EnquiryList.map((e) => e.FullName)).toEqual(['First Co']);
    expect(second.LastEvaluatedKey).toBeUndefined();

    const id = first.EnquiryList[0]!.EnquiryID;
    const { Enquiry } = await t.call(staffUpdateEnquiry, { EnquiryID: id, Status: 'contacted', Note: '  Called Mr Lee; samples sent.  ' }, auth(staff));
    expect(Enquiry).toMatchObject({ Status: 'contacted', Note: 'Called Mr Lee; samples sent.' });
    expect(Enquiry.StatusChangedAt).not.toBeNull();
    // The same again changes nothing and writes nothing.
    await t.call(staffUpdateEnquiry, { EnquiryID: id, Status: 'contacted' }, auth(staff));
    const rows = await t.db.select().from(auditLog).where(and(eq(auditLog.action, UPDATE_ENQUIRY_ACTION), eq(auditLog.target, `enquiry:${id}`)));
    expect(rows.map((r) => [r.before, r.after])).toEqual([[{ Status: 'new', Note: '' }, { Status: 'contacted', Note: 'Called Mr Lee; samples sent.' }]]);

    const contacted = await t.call(staffListEnquiries, { Status: 'contacted' }, auth(staff));
    expect(contacted.EnquiryList.map((e) => e.EnquiryID)).toEqual([id]);
  });

  it('answers bad input with a 400 naming the field', async () => {
    const post = (body: object) =>
      t.raw('/api/staff-update-enquiry', { method: 'POST', headers: { 'content-type': 'application/json', ...auth(staff) }, body: JSON.stringify(body) });
    expect((await post({ EnquiryID: 'nope', Status: 'closed' })).json).toMatchObject({ ErrorCode: 'ObjectNotFound', field: 'EnquiryID' });
    expect((await post({ EnquiryID: 'x', Status: 'done' })).json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'Status' });
    expect((await post({ EnquiryID: 'x', Note: 'n'.repeat(1001) })).json).toMatchObject({ field: 'Note' });
    const key = await t.raw('/api/staff-list-enquiries', { method: 'POST', headers: { 'content-type': 'application/json', ...auth(staff) }, body: JSON.stringify({ LastEvaluatedKey: 'garbage' }) });
    expect(key.json).toMatchObject({ ErrorCode: 'InvalidParameter', field: 'LastEvaluatedKey' });
  });
});
