import { ToastContainer } from 'react-toastify';
import { TIMINGS } from '@mtumba/contract/constants';

/** The toast area: top-right, each toast closing after 3 s (docs/product.md section 2). Loaded after first paint. */
export default function ToastArea() {
  return <ToastContainer position="top-right" autoClose={TIMINGS.toastMs} newestOnTop limit={4} />;
}
