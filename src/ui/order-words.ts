/**
 * An order's payment method and status in words, for every page that names them: a module of its own, so a page
 * that only says them does not load the order details' components.
 */
import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import type { PaymentMethod, ProductOrder } from '../../contract/index.ts';

/** Spec §9 payment methods, in words. */
export function useMethodName(): (method: PaymentMethod) => string {
  const { t } = useLingui();
  // Stable until the language changes: tables build their columns from it.
  return useCallback((method: PaymentMethod) => {
    switch (method) {
      case 'CreditCard':
        return t`Credit or debit card`;
      case 'Alipay':
        return t`Alipay`;
      case 'FPS':
        return t`FPS QR code`;
    }
  }, [t]);
}

/** Where an order stands, in words a member understands (the raw status values are not shown, spec §4). */
export function useOrderStatusText(): (order: Pick<ProductOrder, 'PaymentStatus' | 'FulfilmentStatus'>) => string {
  const { t } = useLingui();
  return useCallback((order: Pick<ProductOrder, 'PaymentStatus' | 'FulfilmentStatus'>) => {
    switch (order.PaymentStatus) {
      case 'WaitForPayment':
        return t`Waiting for payment`;
      case 'PaymentFailed':
        return t`Payment failed`;
      case 'Cancelled':
        return t`Cancelled`;
      case 'Expired':
        return t`Cancelled: not paid in time`;
      case 'Paid':
        return order.FulfilmentStatus === 'Completed' ? t`Shipped` : t`Paid, being prepared`;
    }
  }, [t]);
}
