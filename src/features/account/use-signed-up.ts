import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../ui/toast-store.ts';

/** After signup: tell the user to confirm the e-mail, then open `next` (default: the completion step, spec 2). */
export function useSignedUp(next = '/complete-signup'): () => void {
  const { t } = useTranslation('account');
  const [, navigate] = useLocation();
  return useCallback(() => {
    showToast(t('signup.success'), 'success', 10_000);
    navigate(next);
  }, [t, navigate, next]);
}
