import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import messages from '@/i18n/catalogs/en/ui-extra.json';
import { useT } from '@/i18n';

interface OutOfStockModalProps {
  /** the sold product's name, or null to keep the modal closed */
  productName: string | null;
  onClose: () => void;
}

/** Shown instead of a cart call when a product has no stock left (docs/product.md section 5). */
export function OutOfStockModal({ productName, onClose }: OutOfStockModalProps) {
  const t = useT(messages);
  return (
    <Modal show={productName !== null} onHide={onClose} centered aria-labelledby="out-of-stock-title">
      <Modal.Header closeButton>
        <Modal.Title id="out-of-stock-title">{t('ui.soldTitle')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0">
          {t('ui.soldBefore')} <strong>{productName}</strong> {t('ui.soldAfter')}
        </p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="primary" onClick={onClose}>
          {t('ui.close')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

export default OutOfStockModal;
