import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { useAuthStore } from './app/state/useAuthStore';
import { forwardUncaughtErrors } from './lib/log';
import './styles.css';

forwardUncaughtErrors();
// The session check starts before the first render rather than after it: the sign-in form waits for
// its answer, which now arrives while React renders.
void useAuthStore.getState().verify();

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
