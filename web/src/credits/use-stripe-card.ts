import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CheckoutError, PAYMENT_TEXT } from './payment-errors';

export type CardFormStatus = 'idle' | 'loading' | 'ready' | 'unavailable';

export interface StripeCard {
  status: CardFormStatus;
  /** Where the card Element is mounted. */
  mountRef: React.RefObject<HTMLDivElement | null>;
  retry(): void;
  /** The card as a Stripe PaymentMethod id (the create-payment sourceId). */
  createPaymentMethod(billing: { name: string; email: string }): Promise<string>;
  /** 3-D Secure and other bank steps for a payment the server left in requires_action. */
  handleNextAction(clientSecret: string): Promise<void>;
}

const ELEMENT_STYLE = {
  base: {
    color: '#1f2933',
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
    fontSize: '16px',
    '::placeholder': { color: '#9ca3af' },
  },
  invalid: { color: '#dc2626', iconColor: '#dc2626' },
};

/**
 * Stripe.js and its card Element, for the 'stripe' payments mode only. The loader comes from
 * '@stripe/stripe-js/pure' in a lazy chunk, so nothing of Stripe is fetched in sandbox mode or
 * before the checkout opens, and no script is requested while offline (it starts when `enabled`
 * first turns true and is then kept, even if the connection drops again).
 */
export function useStripeCard(publishableKey: string | null, enabled: boolean): StripeCard {
  const mountRef = useRef<HTMLDivElement | null>(null);
  const stripeRef = useRef<Stripe | null>(null);
  const cardRef = useRef<StripeCardElement | null>(null);
  const [status, setStatus] = useState<CardFormStatus>('idle');
  const [armed, setArmed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (enabled && publishableKey) setArmed(true);
  }, [enabled, publishableKey]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger
  useEffect(() => {
    if (!armed || !publishableKey) return;
    let cancelled = false;
    let card: StripeCardElement | null = null;
    setStatus('loading');
    (async () => {
      try {
        const { loadStripe } = await import('@stripe/stripe-js/pure');
        const stripe = await loadStripe(publishableKey);
        if (cancelled) return;
        if (!stripe || !mountRef.current) throw new Error('Stripe.js did not load');
        card = stripe.elements({ locale: 'en-GB' }).create('card', { style: ELEMENT_STYLE });
        card.on('ready', () => {
          if (!cancelled) setStatus('ready');
        });
        card.mount(mountRef.current);
        stripeRef.current = stripe;
        cardRef.current = card;
      } catch {
        if (!cancelled) setStatus('unavailable');
      }
    })();
    return () => {
      cancelled = true;
      card?.destroy();
      cardRef.current = null;
    };
  }, [armed, publishableKey, attempt]);

  const createPaymentMethod = useCallback(async (billing: { name: string; email: string }) => {
    const stripe = stripeRef.current;
    const card = cardRef.current;
    if (!stripe || !card) throw new CheckoutError(PAYMENT_TEXT.cardNotReady);
    const result = await stripe.createPaymentMethod({ type: 'card', card, billing_details: billing });
    if (result.error || !result.paymentMethod) {
      throw new CheckoutError(result.error?.message || PAYMENT_TEXT.tokenizationFailed);
    }
    return result.paymentMethod.id;
  }, []);

  const handleNextAction = useCallback(async (clientSecret: string) => {
    const stripe = stripeRef.current;
    if (!stripe) throw new CheckoutError(PAYMENT_TEXT.cardNotReady);
    const result = await stripe.handleNextAction({ clientSecret });
    if (result.error) throw new CheckoutError(result.error.message || PAYMENT_TEXT.failed);
  }, []);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return { status, mountRef, retry, createPaymentMethod, handleNextAction };
}
