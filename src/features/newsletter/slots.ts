import { defineSlots } from '../../app/slots.ts';

/** The newsletter's parts other pages show (src/app/Slot.tsx), each loaded on demand. */
declare module '../../app/slots.ts' {
  interface SlotProps {
    /** The sign-up block: in the footer, and on the landing. */
    newsletterSignup: { placement?: 'footer' | 'page' };
  }
}

export const slots = defineSlots({
  newsletterSignup: () => import('./NewsletterSignup.tsx').then((m) => m.NewsletterSignup),
});
