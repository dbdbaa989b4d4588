import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

interface OutOfStockModalProps {
  /** the sold product's name, or null to keep the modal closed */
  productName: string | null;
  onClose: () => void;
}

/** Shown instead of a cart call when a product has no stock left (docs/product.md section 5). */
export function OutOfStockModal({ productName, onClose }: OutOfStockModalProps) {
  return (
    <Modal show={productName !== null} onHide={onClose} centered aria-labelledby="out-of-stock-title">
      <Modal.Header closeButton>
        <Modal.Title id="out-of-stock-title">Out of Stock</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0">
          Sorry, <strong>{productName}</strong> has been sold. Most of our pieces are one of a kind, and new stock
          arrives every week.
        </p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="primary" onClick={onClose}>
          Close
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

export default OutOfStockModal;
