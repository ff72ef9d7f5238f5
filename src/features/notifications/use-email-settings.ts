// State of the e-mail part of /notifications: load, optimistic change with rollback, retry. A hook of its own so the
// section component stays about markup.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { EmailKind, NotificationSettings } from '../../../contract/index.ts';
import { network } from '../../pwa/online.ts';
import { emailOn } from './notification-rules.ts';
import { fetchNotificationSettings, saveEmailSetting } from './notifications-api.ts';

/** A change the member asked for: e-mails of `kind` on (`enabled`) or off. */
interface EmailChange {
  kind: EmailKind;
  enabled: boolean;
}

export interface EmailSettingsView {
  /** The server's answer; null until the first load succeeds. */
  settings: NotificationSettings | null;
  /** True while the browser says it is offline (spec 2: offline status is tracked). */
  online: boolean;
  loading: boolean;
  /** Why the last load failed (an ApiCallError), or null. */
  loadError: unknown;
  /** The change being saved; its switch already shows the new state. */
  saving: EmailChange | null;
  /** The change that failed to save, with why; its switch is back in the saved state. */
  saveError: (EmailChange & { error: unknown }) | null;
  /** What `kind`'s switch shows: the change being saved, else whether its e-mails are sent. */
  isOn(kind: EmailKind): boolean;
  load(): Promise<void>;
  /** Saves a change (optimistic: shown at once, put back with `saveError` when refused or unreachable). */
  change(change: EmailChange): Promise<void>;
}

/**
 * Loads GET /api/notifications.php on mount and again whenever the browser comes back online; saves one change at a
 * time through PUT. Answers arriving out of order are dropped: only an answer to a later request replaces the shown
 * settings.
 */
export function useEmailSettings(): EmailSettingsView {
  const { online } = useSnapshot(network);
  const [settings, setSettings] = useState<NotificationSettings | null>(null);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [saving, setSaving] = useState<EmailChange | null>(null);
  const [saveError, setSaveError] = useState<EmailSettingsView['saveError']>(null);
  const issued = useRef(0);
  const applied = useRef(0);

  const apply = (request: number, answer: NotificationSettings) => {
    if (request <= applied.current) return;
    applied.current = request;
    setSettings(answer);
  };

  const load = useCallback(async () => {
    const request = ++issued.current;
    setLoading(true);
    try {
      apply(request, await fetchNotificationSettings());
      setLoadError(null);
    } catch (error) {
      setLoadError(error);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (online) void load();
  }, [online, load]);

  const change = useCallback(async (next: EmailChange) => {
    const request = ++issued.current;
    setSaving(next);
    setSaveError(null);
    try {
      apply(request, await saveEmailSetting(next));
    } catch (error) {
      setSaveError({ ...next, error });
    } finally {
      setSaving(null);
    }
  }, []);

  const isOn = (kind: EmailKind) => (saving?.kind === kind ? saving.enabled : !!settings && emailOn(settings, kind));
  return { settings, online, loading, loadError, saving, saveError, isOn, load, change };
}
