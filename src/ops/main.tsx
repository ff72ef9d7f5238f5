// Entry of the staff console (ops.html, served at /ops and /ops/*; docs/operations.md "Console"). Apart from the
// member app: its own bundle and stylesheet (Bootstrap's whole CSS), English only, no service worker.
import 'bootstrap/dist/css/bootstrap.min.css';
import './ops.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { OpsApp } from './ops-app.tsx';
import { SessionProvider } from './session.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Router base="/ops">
      <SessionProvider>
        <OpsApp />
      </SessionProvider>
    </Router>
  </StrictMode>,
);
