import '@testing-library/jest-dom/vitest';
import { cleanup } from './react-render';
import { afterEach, beforeAll } from 'vitest';
import '../lib/antd-mobile';
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
  window.localStorage.clear();
  window.location.hash = '';
});

// React's act() warnings expect this flag in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
