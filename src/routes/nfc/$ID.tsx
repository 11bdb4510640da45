import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { lazyScreen } from '../../app/lazy-screen.ts';

/** Spec §2 nfc/{ID}: the address on the shop's NFC tags; public, since a visitor signs in from it. */
export const Route = createFileRoute('/nfc/$ID')({
  staticData: { title: msg`Scanned product` },
  component: lazyScreen(() => import('../../features/nfc/NfcScreen.tsx'), 'NfcScreen'),
});
