import { deliveryFeeText, type PriceRowLabels } from '@/components/ui/price-summary';
import messages from '@/i18n/catalogs/en/buy.json';
import { useT } from '@/i18n';

/** PriceSummary's words in the page's language: its rows' names and the delivery fee's wording. */
export function usePriceWords(): { rowLabels: PriceRowLabels; deliveryFee: (shipping: string, fee: number) => string } {
  const t = useT(messages);
  return {
    rowLabels: { subtotal: t('sum.subtotal'), discount: t('sum.discount'), deliveryFee: t('sum.deliveryFee') },
    deliveryFee: (shipping, fee) => {
      const english = deliveryFeeText(shipping, fee);
      if (english === 'Paid to the rider') return t('sum.rider');
      return english === 'Free' ? t('sum.free') : english;
    },
  };
}
