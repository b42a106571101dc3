import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { createRouter } from './app/router';
import { createAppServices } from './app/services';
import './app/styles.css';

const services = createAppServices();
const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider services={services}>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
