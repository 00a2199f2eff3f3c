import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyTheme } from './lib/theme';
import './index.css';

// Before the first render so the page never paints in the wrong theme.
applyTheme();

const root = document.getElementById('root');
if (!root) throw new Error('#root não encontrado em index.html');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
