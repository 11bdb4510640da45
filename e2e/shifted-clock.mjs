// Loaded before the server (NODE_OPTIONS=--import) by e2e/event-survey.spec.ts: the process's clock runs
// SG_CLOCK_OFFSET_MS ahead, so a session booked before can have started (the shop has no test clock of its own).
const offset = Number(process.env.SG_CLOCK_OFFSET_MS ?? 0);
if (offset) {
  const RealDate = globalThis.Date;
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...args);
    }
    static now() {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = ShiftedDate;
}
