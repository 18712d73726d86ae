import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { readRuntimeConfig } from '../config/runtime-config.ts';
import { StatusPage } from './status-page.tsx';
import './app.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

createRoot(rootElement).render(
  <StrictMode>
    <StatusPage config={readRuntimeConfig()} />
  </StrictMode>,
);
