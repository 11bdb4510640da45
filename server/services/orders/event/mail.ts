/** The event order's confirmation mail: the session, the place and one link per ticket. */
import { asc, eq } from 'drizzle-orm';
import { eventBookings, eventTickets, eventVariances, events, users } from '../../../db/schema.ts';
import type { Deps } from '../../../deps.ts';
import { hongKongDate, timeSlotOf } from '../../events/sessions.ts';
import { eventOrderPaidMail } from '../../mail-templates.ts';
import type { OrderRow } from '../kind.ts';

type MailDeps = Pick<Deps, 'db' | 'mailer' | 'log'> & { config: Pick<Deps['config'], 'publicUrl'> };

/** Sent by whoever settled the payment (once: only the settlement that turned the order Paid). A mail that fails does not undo the payment. */
export async function mailEventOrderPaid(deps: MailDeps, order: OrderRow): Promise<void> {
  try {
    const [row] = await deps.db
      .select({ email: users.email, language: users.language, event: events, session: eventVariances })
      .from(eventBookings)
      .innerJoin(users, eq(users.id, eventBookings.userId))
      .innerJoin(eventVariances, eq(eventVariances.id, eventBookings.varianceId))
      .innerJoin(events, eq(events.id, eventBookings.eventId))
      .where(eq(eventBookings.orderId, order.id));
    if (!row) return;
    const tickets = await deps.db.select().from(eventTickets).where(eq(eventTickets.orderId, order.id)).orderBy(asc(eventTickets.seatNumber));
    const base = deps.config.publicUrl;
    const record = `${base}/event_record/${encodeURIComponent(row.event.id)}/${encodeURIComponent(row.session.id)}`;
    await deps.mailer.send(
      eventOrderPaidMail(row.email, row.language === 'zh-Hant' ? 'zh-Hant' : 'en', {
        reference: order.reference,
        total: order.total,
        currency: order.currency,
        title: { en: row.event.titleEn, zh: row.event.titleZh },
        date: hongKongDate(row.session.startsAt),
        timeSlot: timeSlotOf(row.session),
        venue: { en: row.event.venueEn, zh: row.event.venueZh },
        address: { en: row.event.addressEn, zh: row.event.addressZh },
        link: record,
        tickets: tickets.map((t) => ({
          seatNumber: t.seatNumber,
          holderName: t.holderName,
          isOwner: t.isOwner,
          link: t.isOwner ? record : `${base}/activate_ticket/${encodeURIComponent(t.id)}`,
        })),
      }),
    );
  } catch (err) {
    deps.log.error({ err, orderId: order.id }, 'event order confirmation mail not sent');
  }
}
