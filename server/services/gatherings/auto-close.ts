/**
 * A gathering closes by itself once its session is long over (issue 31): a host who forgets to close it would
 * otherwise leave it Ongoing, its room open to orders, for good. A sweep in the jobs table (as the reminders'):
 * scheduled at start-up, it closes what is due the way the host's close does (host.ts) and schedules itself again.
 */
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eventVariances, gatherings } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { scheduleJob, type JobHandler } from '../jobs/queue.ts';
import { closeGatheringAt } from './host.ts';

export const GATHERING_AUTO_CLOSE_JOB = 'gatherings.auto-close';
const SWEEP_KEY = 'sweep';
/** How long after its session's end a gathering still going on is closed: a room often lingers past the booked time. */
export const AUTO_CLOSE_AFTER_MS = 2 * 3_600_000;
/** How often the sweep looks: a gathering closes at most this late. */
const AUTO_CLOSE_EVERY_MS = 10 * 60_000;

/** Closes every gathering still going on whose session ended more than AUTO_CLOSE_AFTER_MS before `now`; answers how many. */
export async function closeEndedGatherings(deps: Pick<Deps, 'db' | 'gatheringEvents'>, now: Date): Promise<number> {
  const ended = await deps.db
    .select({ id: gatherings.id })
    .from(gatherings)
    .innerJoin(eventVariances, eq(eventVariances.id, gatherings.varianceId))
    .where(and(eq(gatherings.status, 'Ongoing'), lt(eventVariances.endsAt, new Date(now.getTime() - AUTO_CLOSE_AFTER_MS))));
  let closed = 0;
  for (const { id } of ended) if (await closeGatheringAt(deps, id, now)) closed += 1;
  return closed;
}

/** Makes sure the sweep is scheduled (at start-up): due now unless it already is. */
export async function scheduleGatheringAutoClose(db: Db, now: Date): Promise<void> {
  await scheduleJob(db, { kind: GATHERING_AUTO_CLOSE_JOB, key: SWEEP_KEY, dueAt: now }, now);
}

/** The sweep's handler: closes what is due, then schedules itself AUTO_CLOSE_EVERY_MS later. */
export const autoCloseJob: JobHandler = async (deps, _job, now) => {
  const closed = await closeEndedGatherings(deps, now);
  await scheduleJob(deps.db, { kind: GATHERING_AUTO_CLOSE_JOB, key: SWEEP_KEY, dueAt: new Date(now.getTime() + AUTO_CLOSE_EVERY_MS) }, now);
  return closed;
};

export const gatheringJobHandlers = { [GATHERING_AUTO_CLOSE_JOB]: autoCloseJob };
