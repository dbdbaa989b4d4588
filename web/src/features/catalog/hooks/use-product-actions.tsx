import { lazy, Suspense, useState, type ReactElement } from 'react';
import { toast } from '@/lib/toast';
import { useAddToCart } from '@/lib/api/add-to-cart';
import { useCartQuantities } from '@/lib/api/get-cart';
import { useAddToWishlist } from '@/lib/api/add-to-wishlist';
import { useRemoveFromWishlist } from '@/lib/api/remove-from-wishlist';
import { useWishlist, useWishlistProductIds } from '@/lib/api/get-wishlist';
import { ApiError, errorMessage } from '@/lib/api-client';
import { isQueued } from '@/lib/offline/send-or-queue';
import type { Product } from '@mtumba/contract/product';
import messages from '@/i18n/catalogs/en/browse.json';
import { useT } from '@/i18n';

// The modal's code (react-bootstrap Modal) loads only when a sold item is first clicked.
const OutOfStockModal = lazy(() => import('@/components/ui/out-of-stock-modal'));

type ActionProduct = Pick<Product, 'id' | 'name' | 'stock_quantity'>;

export interface ProductActions {
  addToCart: (product: ActionProduct) => void;
  /** adds the product to the wishlist, or takes it out when it is already there (the filled heart) */
  addToWishlist: (product: ActionProduct) => void;
  isInWishlist: (productId: number) => boolean;
  /** the shopper already has this product in the cart */
  isInCart: (productId: number) => boolean;
  /** the product whose cart or wishlist call is in flight */
  busyProductId: number | undefined;
  /** render this once on the page: the Out of Stock modal */
  outOfStockModal: ReactElement;
}

/**
 * The cart and wishlist buttons of product cards and the product page (docs/product.md sections 4, 5, 8):
 * sold items open the Out of Stock modal without a server call; a visitor's cart and wishlist are
 * kept in the browser until they sign in.
 */
export function useProductActions(): ProductActions {
  const t = useT(messages);
  const cart = useAddToCart();
  const wishlist = useAddToWishlist();
  const wishlistIds = useWishlistProductIds();
  const wishlistEntries = useWishlist().data;
  const unwish = useRemoveFromWishlist();
  // the product whose removal is in flight: the entry leaves the list at once, so its id is kept here
  const [unwishing, setUnwishing] = useState<number | undefined>();
  const cartQuantities = useCartQuantities();
  const [soldName, setSoldName] = useState<string | null>(null);
  const [modalLoaded, setModalLoaded] = useState(false);

  const addToCart = (product: ActionProduct) => {
    if (product.stock_quantity <= 0) {
      setModalLoaded(true);
      setSoldName(product.name);
      return;
    }
    // A visitor's cart lives in the browser until they sign in (docs/product.md section 3).
    // Without a signal the add is kept and sent when the signal returns (lib/offline).
    cart.mutate(
      { product_id: product.id, quantity: 1, name: product.name },
      {
        onSuccess: (result) =>
          isQueued(result)
            ? toast.info(result.message, { toastId: `cart-${product.id}` })
            : toast.success(t('toast.cartAdded'), { toastId: `cart-${product.id}` }),
        onError: (err) => toast.error(errorMessage(err, t('toast.cartFailed')), { toastId: `cart-${product.id}` }),
      },
    );
  };

  const addToWishlist = (product: ActionProduct) => {
    const entry = wishlistEntries?.find((e) => e.product_id === product.id);
    if (entry) {
      setUnwishing(product.id);
      unwish.mutate(entry.id, {
        onSuccess: () => toast.info(t('toast.wishRemoved'), { toastId: `unwish-${product.id}` }),
        onError: (err) => toast.error(errorMessage(err, t('toast.unwishFailed')), { toastId: `unwish-${product.id}` }),
      });
      return;
    }
    // A visitor's wishlist lives in the browser until they sign in (docs/product.md section 3).
    wishlist.mutate(
      { productId: product.id, name: product.name },
      {
        onSuccess: (result) =>
          isQueued(result)
            ? toast.info(result.message, { toastId: `wishlist-${product.id}` })
            : toast.success(t('toast.wishAdded'), { toastId: `wishlist-${product.id}` }),
        onError: (err) => {
          if (err instanceof ApiError && err.status === 409) {
            toast.info(t('toast.wishAlready'), { toastId: `wishlist-${product.id}` });
          } else {
            toast.error(errorMessage(err, t('toast.wishFailed')), { toastId: `wishlist-${product.id}` });
          }
        },
      },
    );
  };

  const busyProductId = cart.isPending
    ? cart.variables?.product_id
    : wishlist.isPending
      ? wishlist.variables?.productId
      : unwish.isPending
        ? unwishing
        : undefined;

  return {
    addToCart,
    addToWishlist,
    isInWishlist: (productId) => wishlistIds.has(productId),
    isInCart: (productId) => cartQuantities.has(productId),
    busyProductId,
    outOfStockModal: modalLoaded ? (
      <Suspense fallback={null}>
        <OutOfStockModal productName={soldName} onClose={() => setSoldName(null)} />
      </Suspense>
    ) : (
      <></>
    ),
  };
}
