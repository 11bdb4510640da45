/**
 * The member guide (issue 20; spec §1, §3 "member guide finished"): each step is read from the member's own
 * data in one round trip, so the guide can never disagree with what the member has done. Once every step is
 * done, users.member_guide_finished is set (user-get-info answers it as checking.MemberGuideFinished); it is
 * never unset, even if, say, a subscription later ends.
 */
import { and, eq, sql } from 'drizzle-orm';
import { MEMBER_GUIDE_STEPS, type MemberGuideStep } from '../../../contract/member-home.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';

interface GuideRow {
  survey: boolean;
  finished: boolean;
  card: boolean;
  event: boolean;
  subscription: boolean;
  follow: boolean;
}

export async function memberGuide(db: Db, userId: string) {
  const result = (await db.execute(sql`select
      u.pre_survey_done as survey,
      u.member_guide_finished as finished,
      exists (select 1 from taste_cards c where c.user_id = u.id) as card,
      (exists (select 1 from event_bookings b join orders o on o.id = b.order_id
                where b.user_id = u.id and o.payment_status = 'Paid')
        or exists (select 1 from event_tickets t join orders o on o.id = t.order_id
                where t.activated_by = u.id and t.is_owner = false and o.payment_status = 'Paid')) as event,
      (u.subscribed or exists (select 1 from subscriptions s where s.user_id = u.id and s.started_at is not null)) as subscription,
      exists (select 1 from follows f where f.follower_id = u.id) as follow
    from users u where u.id = ${userId}`)) as unknown as { rows: GuideRow[] };
  const row = result.rows[0];
  if (!row) throw notFound('User');
  const done: Record<MemberGuideStep, boolean> = {
    entrySurvey: row.survey,
    tasteCard: row.card,
    event: row.event,
    subscription: row.subscription,
    follow: row.follow,
  };
  const Steps = MEMBER_GUIDE_STEPS.map((Step) => ({ Step, Done: done[Step] }));
  let finished = row.finished;
  if (!finished && Steps.every((s) => s.Done)) {
    await db.update(users).set({ memberGuideFinished: true }).where(and(eq(users.id, userId), eq(users.memberGuideFinished, false)));
    finished = true;
  }
  return { Steps, MemberGuideFinished: finished };
}
