import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Built by the same Vite and React plugin as the patient app, in the same benchmark run. */
export default defineConfig({
  plugins: [react()],
  logLevel: 'warn',
});
