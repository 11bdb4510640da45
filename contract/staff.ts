import * as v from 'valibot';
import { Email } from './account.ts';
import { defineCall, noBody, STAFF_ROLES } from './define.ts';
import { PageKey, sortOf } from './staff-sort.ts';

/**
 * The back office's first calls (issue 32): who runs the shop. Only an owner may read or change roles;
 * every change is written to the audit log, which only an owner reads.
 */

export const StaffRole = v.picklist(STAFF_ROLES);

/** A member holding a role. */
export const StaffMember = v.object({
  UserID: v.string(),
  Email: v.string(),
  /** The member's given and family name. */
  Name: v.string(),
  Role: StaffRole,
  /** ISO 8601. */
  GrantedAt: v.string(),
});
export type StaffMember = v.InferOutput<typeof StaffMember>;

/**
 * How list-staff sorts (contract/staff-sort.ts): Role (the default: owners first, then staff, then hosts; by
 * e-mail within a role), Name, Email, GrantedAt. The list is short and comes whole, without pages.
 */
export const StaffSort = sortOf(['Role', 'Name', 'Email', 'GrantedAt']);
export type StaffSort = v.InferOutput<typeof StaffSort>;

/** Everyone holding a role, owners first, then by e-mail, unless Sort says otherwise. */
export const listStaff = defineCall({
  name: 'list-staff',
  readOnly: true,
  method: 'POST',
  auth: 'owner',
  body: v.optional(v.object({ Sort: v.optional(StaffSort, { Field: 'Role', Direction: 'asc' }) }), {}),
  response: v.object({ StaffList: v.array(StaffMember) }),
});

/**
 * The signed-in member's own role (issue 32): what the back office shows them (an owner's pages, staff's, a
 * host's link), asked once, instead of guessing it from which calls refuse. Null for a member with none.
 */
export const getMyRole = defineCall({
  name: 'get-my-role',
  method: 'POST',
  auth: 'member',
  body: noBody,
  response: v.object({ Role: v.nullable(StaffRole) }),
});

/**
 * Grants, changes or removes ('none') the role of the account with this e-mail (an existing account: unknown
 * is 400 ObjectNotFound naming Email). Removing or demoting the last owner is refused 400 LastOwner. Each
 * change is one audit_log row (action 'staff-role.set', before and after); asking for the role held already
 * changes nothing and writes nothing.
 */
export const setStaffRole = defineCall({
  name: 'set-staff-role',
  method: 'POST',
  auth: 'owner',
  body: v.object({ Email, Role: v.picklist([...STAFF_ROLES, 'none']) }),
  /** Staff is null once the role is removed. */
  response: v.object({ Staff: v.nullable(StaffMember) }),
});

/** One change made through the back office. */
export const AuditEntry = v.object({
  ID: v.string(),
  /** ISO 8601. */
  At: v.string(),
  /** Who made it; null: the command line (npm run staff). */
  ActorUserID: v.nullable(v.string()),
  /** What was done, e.g. 'staff-role.set'. */
  Action: v.string(),
  /** What it was done to, e.g. 'user:<id>'. */
  Target: v.string(),
  /** The thing before and after the change (null: it did not exist, or no longer does). */
  Before: v.nullable(v.unknown()),
  After: v.nullable(v.unknown()),
});
export type AuditEntry = v.InferOutput<typeof AuditEntry>;

export const AUDIT_PAGE_MAX = 100;

/** How list-audit-log sorts (contract/staff-sort.ts): At (the default, newest first), Action, Target. */
export const AuditSort = sortOf(['At', 'Action', 'Target']);
export type AuditSort = v.InferOutput<typeof AuditSort>;

/**
 * The audit log, newest first unless Sort says otherwise, a page at a time (LastEvaluatedKey, opaque, from the
 * previous page of the same sort continues).
 */
export const listAuditLog = defineCall({
  name: 'list-audit-log',
  readOnly: true,
  method: 'POST',
  auth: 'owner',
  body: v.object({
    /** Only this action, e.g. 'staff-role.set'. */
    Action: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100))),
    /** Only rows written before this moment (ISO 8601 with its offset). */
    Before: v.optional(v.pipe(v.string(), v.isoTimestamp('an ISO 8601 time with its offset'))),
    Size: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(AUDIT_PAGE_MAX)), 50),
    Sort: v.optional(AuditSort, { Field: 'At', Direction: 'desc' }),
    LastEvaluatedKey: v.optional(PageKey),
  }),
  response: v.object({ AuditLog: v.array(AuditEntry), LastEvaluatedKey: v.optional(v.string()) }),
});
