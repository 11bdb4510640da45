import { useLingui } from '@lingui/react/macro';
import type { SubscriptionDuration, SubscriptionStatus } from '../../../contract/index.ts';

/** Words for a plan's duration (spec §3: monthly, quarterly, annually). */
export function useDurationWords() {
  const { t } = useLingui();
  const every: Record<SubscriptionDuration, string> = { month: t`Monthly`, quarter: t`Quarterly`, annual: t`Annually` };
  const perBox: Record<SubscriptionDuration, string> = { month: t`a month`, quarter: t`every 3 months`, annual: t`a year` };
  const box: Record<SubscriptionDuration, string> = { month: t`A tasting box every month`, quarter: t`A tasting box every 3 months`, annual: t`A tasting box every year` };
  const benefit: Record<SubscriptionDuration, string> = {
    month: t`Try it month by month: cancel any time`,
    quarter: t`A box each season, our tasters’ favourite`,
    annual: t`The best price per box, billed once a year`,
  };
  return {
    every: (d: SubscriptionDuration) => every[d],
    perBox: (d: SubscriptionDuration) => perBox[d],
    box: (d: SubscriptionDuration) => box[d],
    benefit: (d: SubscriptionDuration) => benefit[d],
  };
}

/** Words for where a subscription stands. */
export function useStatusWords(): (status: SubscriptionStatus) => string {
  const { t } = useLingui();
  const words: Record<SubscriptionStatus, string> = {
    Pending: t`Waiting for the first payment`,
    Active: t`Active`,
    PastDue: t`Payment due`,
    Cancelled: t`Cancelled`,
    Ended: t`Ended`,
  };
  return (status) => words[status];
}
