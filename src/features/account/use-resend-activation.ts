// "Send the link again" of the activation reminder and the chat's unconfirmed notice (POST /api/activation-resend.php),
// loading the API client and zod only when pressed.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** "Send the link again": `state` is idle, busy, sent, or the error's translated text; `resend` sends. */
export function useResendActivation() {
  const { t } = useTranslation(['account', 'errors']);
  const [state, setState] = useState<'idle' | 'busy' | 'sent' | string>('idle');
  const resend = async () => {
    setState('busy');
    try {
      const [{ api }, { SentResponse }] = await Promise.all([
        import('../../api/client.ts'),
        import('../../../contract/account.ts'),
      ]);
      await api('/api/activation-resend.php', SentResponse, { method: 'POST', body: {} });
      setState('sent');
    } catch (err) {
      const { errorText } = await import('../../i18n/error-text.ts');
      setState(errorText(err, { t }));
    }
  };
  return { state, resend };
}
