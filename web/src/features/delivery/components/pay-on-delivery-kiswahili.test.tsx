import type { OrderJson } from '@mtumba/contract/order';
import { podHowSentence, podReadySentence } from '@mtumba/contract/delivery-rules';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LanguageProvider, loadLanguage, tOf } from '@/i18n';
import en from '@/i18n/catalogs/en/buy.json';
import { mockApi, renderWithProviders, signInAs } from '@/lib/testing';
import { PayOnDeliveryPanel } from './pay-on-delivery-panel';

beforeAll(() => loadLanguage('sw'));
afterEach(() => vi.unstubAllGlobals());

describe('pay on delivery in Kiswahili', () => {
  it('offers Lipa ukipokea with how it is paid at the pickup point', async () => {
    signInAs();
    mockApi({
      'GET /api/orders/21': {
        id: 21,
        order_status: 'pending',
        payment_status: 'unpaid',
        delivery: { kind: 'pickup' },
      } as unknown as OrderJson,
      'GET /api/orders/21/pay-on-delivery': {
        available: true,
        open: true,
        chosen: false,
        reason: null,
        amount: 950,
        max_order: 5000,
      },
    });
    renderWithProviders(
      <LanguageProvider language="sw">
        <PayOnDeliveryPanel orderId={21} />
      </LanguageProvider>,
    );
    const pod = await screen.findByTestId('pay-on-delivery');
    expect(within(pod).getByRole('heading', { name: 'Au lipa ukipokea' })).toBeInTheDocument();
    expect(within(pod).getByRole('button', { name: 'Lipa Ksh 950 ukipokea' })).toBeEnabled();
    expect(
      await within(pod).findByText(/Lipa kwa pesa taslimu au M-Pesa utakapochukua oda yako mahali pa kuchukulia/),
    ).toBeInTheDocument();
  });

  it('says the contract’s pay-on-delivery sentences in the same English', () => {
    const t = tOf(en);
    for (const kind of ['pickup', 'courier', 'rider'] as const) {
      const contractKind = kind === 'rider' ? 'doorstep' : kind;
      expect(t(`pod.ready.${kind}`, { amount: 'Ksh 950' })).toBe(podReadySentence('Ksh 950', contractKind));
      expect(t(`pod.how.${kind}`)).toBe(podHowSentence(contractKind));
    }
  });
});
