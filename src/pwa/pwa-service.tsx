// Headless service component (Phanpy style) for the PWA: registers the service worker after the first render,
// asks for persistent storage in an installed app, and holds the update prompt. Lazy: nothing here is needed
// for the first paint.
import { useEffect } from 'react';
import { registerServiceWorker } from './register-sw.ts';
import { persistStorageOnce } from './standalone.ts';
import { UpdatePrompt } from './update-prompt.tsx';

export default function PwaService() {
  useEffect(() => {
    void registerServiceWorker();
    void persistStorageOnce();
  }, []);
  return <UpdatePrompt />;
}
