import { useParams } from 'react-router';
import { Link } from '@/components/ui/link';
import { useAuth } from '@/lib/auth/use-auth';
import { OrderDetail } from '@/features/orders/components/order-detail';
import { SignInRequired } from '@/features/auth/components/sign-in-required';
import { ReviewForm } from '@/features/reviews/components/review-form';
import { paths } from '@/config/paths';
import { PushOptIn } from '@/features/push/components/push-opt-in';
import { pushTexts } from '@/features/push/texts';
import messages from '@/i18n/catalogs/en/orders.json';
import { useT } from '@/i18n';

export default function OrderDetailRoute() {
  const t = useT(messages);
  const { isSignedIn } = useAuth();
  const { orderId } = useParams();
  const id = Number(orderId);
  return (
    <>
      <title>{t('order.pageTitle', { id: orderId ?? '' })}</title>
      <Link to={paths.orders()} className="back-link mb-2">
        {t('order.back')}
      </Link>
      {!isSignedIn ? (
        <SignInRequired what={t('order.signInWhat')} />
      ) : Number.isInteger(id) && id > 0 ? (
        <>
          <OrderDetail
            key={id}
            orderId={id}
            // Reviews only for delivered orders (docs/product.md section 4), and only while the product exists.
            renderItemExtra={(item, order) =>
              order.order_status === 'delivered' && item.product_id !== null ? (
                <ReviewForm productId={item.product_id} productName={item.product.name} />
              ) : null
            }
          />
          <section className="card mt-4" aria-labelledby="order-push-title">
            <div className="card-body">
              <h2 id="order-push-title" className="h6">
                {pushTexts.heading}
              </h2>
              <PushOptIn context="order" />
            </div>
          </section>
        </>
      ) : (
        <div className="alert alert-warning">{t('orderDetail.notFound')}</div>
      )}
    </>
  );
}
