/** Money in minor units (DESIGN: integers), as the server shows it in mail and on the sandbox's pages. */

/** How many minor units a currency has (HKD and USD: 2), from the platform's ISO 4217 data. */
export function minorDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** "HK$880.00" for 88000 HKD. */
export function formatAmount(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-HK', { style: 'currency', currency }).format(amount / 10 ** minorDigits(currency));
}
