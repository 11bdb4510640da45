/**
 * The Luhn (mod 10) check every card number passes, shared by the card form (typos caught before sending),
 * the inspector's masking (what looks like a card number is hidden) and the sandbox provider.
 */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
