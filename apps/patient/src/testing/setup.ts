import '@testing-library/jest-dom/vitest';
import { cleanup } from './react-render';
import { afterEach, beforeAll } from 'vitest';
import '../lib/antd-mobile';
import Dialog from 'antd-mobile/es/components/dialog';
import { ensureCatalogue, initI18n } from '../lib/i18n';
import { toast } from '../lib/toast';

// Same start-up as main.tsx: the antd-mobile React 19 shim and the Korean catalogue.

beforeAll(async () => {
  await initI18n('kr-KO');
  await ensureCatalogue();
});

afterEach(() => {
  cleanup();
  toast.clear();
  // A dialog a test closed may still be animating out (jsdom runs its spring slowly under
  // load): without this, the next test's findByRole('dialog') can meet two dialogs.
  Dialog.clear();
  document.body.replaceChildren();
  window.localStorage.clear();
  window.location.hash = '';
});

// React's act() warnings expect this flag in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
