import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DEEP_LINK_ATTRIBUTE } from '#shared/boot-script.js';
import { App } from './app/app';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html.');

// #root holds the landing page rendered at build time. On the landing page it stays on screen
// until React's first commit replaces it; for any other page (hidden by the boot script's mark)
// it goes now.
const root = document.documentElement;
if (root.hasAttribute(DEEP_LINK_ATTRIBUTE)) {
  container.replaceChildren();
  root.removeAttribute(DEEP_LINK_ATTRIBUTE);
}

// As a transition, the first render yields to the browser every few milliseconds instead of
// blocking a slow phone's main thread for one long task (the prerendered page is on screen
// meanwhile).
startTransition(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
