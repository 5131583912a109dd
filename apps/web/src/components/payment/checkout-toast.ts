/** The checkout's toasts, always at top-center (SPEC.md §4 "the checkout toast position is top-center"). */
import toast from 'react-hot-toast';

const position = 'top-center';

export const checkoutToast = {
  success: (message: string) => toast.success(message, { position }),
  // A fixed id per text: a double click or a retry loop updates the toast instead of stacking copies.
  error: (message: string) => toast.error(message, { position, id: message }),
};
