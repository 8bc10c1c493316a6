import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Theme colour values shared with the server's own pages; ui/tokens.css names them.
import 'virtual:theme-palette.css';
import './ui/base.css';
import './i18n/i18n';
import { App } from './app/app';
import { adoptStyleNonce } from './app/style-nonce';

adoptStyleNonce();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
