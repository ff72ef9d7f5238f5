import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { useBottomBarsHeight } from './bottom-bars.ts';
import { dismissToast, toasts, type ToastItem } from './toast-store.ts';

/** One toast with Bootstrap's markup; hides itself after `delay` ms. */
function ToastView({ item }: { item: ToastItem }) {
  const { t } = useTranslation();
  useEffect(() => {
    if (item.delay <= 0) return;
    const timer = setTimeout(() => dismissToast(item.id), item.delay);
    return () => clearTimeout(timer);
  }, [item.id, item.delay]);
  return (
    <div className={`toast show toast-${item.variant}`} role={item.variant === 'danger' ? 'alert' : 'status'} aria-atomic="true">
      <div className="d-flex align-items-start">
        <div className="toast-body flex-grow-1">{item.text}</div>
        <button
          type="button"
          className="btn-close me-2 mt-2"
          aria-label={t('generic.close')}
          onClick={() => dismissToast(item.id)}
        />
      </div>
    </div>
  );
}

/**
 * Renders the toast queue at the bottom, above the safe area and above any bar fixed there (bottom-bars.ts), over a
 * modal's backdrop but under its dialog (spec 9), so no toast covers a control. Plain markup instead of
 * react-bootstrap's Toast keeps its transition library out of the entry chunk.
 */
export function Toaster() {
  const { items } = useSnapshot(toasts);
  const bars = useBottomBarsHeight(items.length > 0);
  return (
    <div className="toast-stack" style={bars > 0 ? { bottom: `calc(${bars}px + 0.5rem)` } : undefined}>
      {items.map((item) => (
        <ToastView key={item.id} item={item} />
      ))}
    </div>
  );
}
