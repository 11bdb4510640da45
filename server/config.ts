import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /**
   * REDIS_URL: set when several server processes serve the shop (DESIGN §11). Rate limits are then counted in
   * Redis, and a product whose stock changes is dropped from every process's cache. Unset: all in this process.
   */
  redisUrl: string | undefined;
  /** REDIS_PREFIX (default `sg:`): put before every Redis key and channel, so shops or test runs can share a server. */
  redisPrefix: string;
  dataDir: string;
  /** How many proxies of ours stand before the server (TRUST_PROXY); 0 = clients connect directly. */
  trustProxy: number;
  production: boolean;
  /** FLOW_TOOLS=1 serves the flow tools in production too; FLOW_TOOLS=0 turns them off anywhere. */
  flowTools: boolean;
  /** STAFF_SECOND_FACTOR: back-office calls need a second factor (issue 32); on by default in production. */
  staffSecondFactor: boolean;
  authSecret: string | undefined;
  idTokenSeconds: number;
  logLevel: string;
  /** The shop's public address, for links in mail; http://localhost:PORT when unset. */
  publicUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where business enquiries are mailed (B2B_ENQUIRY_EMAIL). */
  b2bEnquiryEmail: string;
  /** How long an unpaid card or Alipay order holds its stock (PAYMENT_WINDOW_MINUTES, default 30); FPS is always 10. */
  paymentWindowMinutes: number;
  /** How often the jobs runner looks for due work, such as unpaid orders to expire (JOBS_INTERVAL_SECONDS, default 15). */
  jobsIntervalSeconds: number;
}

/** Reads the environment once, at start-up (README: Configuration). */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX ?? 'sg:',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    trustProxy: proxyHops(env.TRUST_PROXY),
    production: env.NODE_ENV === 'production',
    flowTools: env.FLOW_TOOLS ? /^(1|true|on|yes)$/i.test(env.FLOW_TOOLS) : env.NODE_ENV !== 'production',
    staffSecondFactor: env.STAFF_SECOND_FACTOR ? /^(1|true|on|yes)$/i.test(env.STAFF_SECOND_FACTOR) : env.NODE_ENV === 'production',
    authSecret: env.AUTH_SECRET || undefined,
    idTokenSeconds: Number(env.ID_TOKEN_SECONDS ?? 3600),
    logLevel: env.LOG_LEVEL ?? 'info',
    publicUrl: env.PUBLIC_URL?.replace(/\/$/, '') || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Sip & Gather <hello@sipandgather.hk>',
    b2bEnquiryEmail: env.B2B_ENQUIRY_EMAIL?.trim() || 'partners@sipandgather.hk',
    paymentWindowMinutes: positiveNumber(env.PAYMENT_WINDOW_MINUTES, 30),
    jobsIntervalSeconds: positiveNumber(env.JOBS_INTERVAL_SECONDS, 15),
  };
}

/**
 * TRUST_PROXY: the number of proxies of ours in front of the server (`true` means one, as it did before it
 * took a number). Unset or anything else: none, and X-Forwarded-For is ignored.
 */
function proxyHops(text: string | undefined): number {
  if (text === 'true') return 1;
  const hops = Number(text);
  return text && Number.isInteger(hops) && hops > 0 ? hops : 0;
}

function positiveNumber(text: string | undefined, fallback: number): number {
  const value = Number(text);
  return text && Number.isFinite(value) && value > 0 ? value : fallback;
}
